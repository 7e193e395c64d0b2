/**
 * URL builders for the console's own routes. The URL holds the project (or all of them), the kind and the
 * object; filters ride in the query (`?q=`), so any view can be bookmarked and shared.
 */
const seg = encodeURIComponent;

export const paths = {
  home: () => '/',
  projects: () => '/projects',
  project: (project: string, plural?: string) => `/projects/${seg(project)}${plural ? `/${seg(plural)}` : ''}`,
  object: (project: string, plural: string, name: string) => `/projects/${seg(project)}/${seg(plural)}/${seg(name)}`,
  allProjects: (plural?: string) => `/all${plural ? `/${seg(plural)}` : ''}`,
};
