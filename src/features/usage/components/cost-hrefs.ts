/** Links out of the Cost views: the app builds them (a feature does not know the console's routes). */
export interface CostHrefs {
  object: (project: string, kind: string, name: string) => string;
  budget: (project: string, name: string) => string;
}
