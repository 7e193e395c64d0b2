/** Spend over time for a project, or for every project. */
export function CostPage({ project }: { project: string | undefined }) {
  return (
    <div className="p-6">
      <h1 className="text-2xl font-semibold text-slate-900">Cost · {project ?? 'all projects'}</h1>
    </div>
  );
}
