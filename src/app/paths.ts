/** URL builders for the console's own routes: the URL holds the project and the kind, so views can be shared. */
export const paths = {
  home: () => '/',
  project: (project: string, plural?: string) =>
    `/projects/${encodeURIComponent(project)}${plural ? `/${encodeURIComponent(plural)}` : ''}`,
};
