/**
 * The new-object editor: write YAML, review its cost by a server dry-run, launch exactly what was
 * reviewed. src/app/routes/new-object.tsx loads `NewObjectPage` lazily, so none of this (nor the `yaml` package)
 * is in the table's initial JavaScript.
 */
export { NewObjectPage } from './components/new-object-page.tsx';
export type { LaunchedInfo, NewObjectPageProps } from './components/new-object-page.tsx';
