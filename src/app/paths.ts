/**
 * URL builders for the console's own routes. The URL holds the project (or all of them), the kind and the
 * object; filters ride in the query (`?q=`), so any view can be bookmarked and shared.
 */
const seg = encodeURIComponent;

export const paths = {
  home: () => '/',
  projects: () => '/projects',
  project: (project: string, plural?: string) => `/projects/${seg(project)}${plural ? `/${seg(plural)}` : ''}`,
  object: (project: string, plural: string, name: string, tab?: string) =>
    `/projects/${seg(project)}/${seg(plural)}/${seg(name)}${tab ? `?tab=${seg(tab)}` : ''}`,
  /** The editor for a new object. `new` comes before the kind, so no object name can collide with it. */
  newObject: (project: string, plural: string) => `/projects/${seg(project)}/new/${seg(plural)}`,
  allProjects: (plural?: string) => `/all${plural ? `/${seg(plural)}` : ''}`,
  /** Spend over time: one project's, or (no project) every project's. `cost` is no kind's plural. */
  /** A project's Events, newest first; `request` shows one request's. `activity` is no kind's plural. */
  activity: (project: string, request?: string) =>
    `/projects/${seg(project)}/activity${request ? `?request=${seg(request)}` : ''}`,
  /** Who has which role in a project. `members` is no kind's plural. */
  members: (project: string) => `/projects/${seg(project)}/members`,
  cost: (project?: string) => (project === undefined ? '/all/cost' : `/projects/${seg(project)}/cost`),
};
