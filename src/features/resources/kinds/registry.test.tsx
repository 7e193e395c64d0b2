import { describe, expect, it } from 'vitest';
import { COLUMNS, presentation, presentationOf, textColumn } from '@/kinds/index.ts';
import { KIND_FACTS } from '@/shared/kinds.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { kindTraits, tableColumns, traitsOf } from './registry.tsx';

const shape = (kind: string) =>
  tableColumns({ kind }, false).map(
    (c) => `${c.id}${c.align ? ':right' : ''}${c.firstDesc ? ':desc' : ''}${c.sortValue ? '' : ':nosort'}`,
  );

describe('the table of each kind', () => {
  it('draws the registry columns between Name and Labels, as it always did', () => {
    expect(shape('Job')).toEqual([
      'phase',
      'gpu:desc',
      'cost:right:desc',
      'max:right:desc',
      'owner',
      'labels:nosort',
      'age:right',
    ]);
    expect(shape('Function')).toEqual([
      'phase',
      'replicas:right:desc',
      'gpu:desc',
      'cost:right:desc',
      'max:right:desc',
      'owner',
      'labels:nosort',
      'age:right',
    ]);
    expect(shape('Budget')).toEqual([
      'phase',
      'limit:right:desc',
      'spent:right:desc',
      'period',
      'labels:nosort',
      'age:right',
    ]);
    expect(shape('Image')).toEqual(['reference', 'cuda', 'size:right:desc', 'labels:nosort', 'age:right']);
    expect(shape('Gadget')).toEqual(['phase', 'owner', 'labels:nosort', 'age:right']);
    expect(tableColumns({ kind: 'Job' }, true)[0]?.id).toBe('project');
  });

  it('takes phases, the deleting phase and the cascade from the registry', () => {
    expect(kindTraits({ kind: 'Pipeline' })).toMatchObject({
      phases: KIND_FACTS.Pipeline.phases,
      deletingPhase: 'Cancelling',
      cascade: 'the Jobs it started',
    });
    expect(kindTraits({ kind: 'Budget' }).deletingPhase).toBeUndefined();
    expect(kindTraits({ kind: 'Job' })).toBe(kindTraits({ kind: 'Job' }));
    expect(kindTraits({ kind: 'Gadget' }).phases).toEqual(presentationOf('Gadget').phases);
  });

  it("sorts a new kind's columns by what they hold", () => {
    const widget = presentation(
      { ...KIND_FACTS.Sandbox, kind: 'Widget', plural: 'widgets', singular: 'widget' },
      {
        columns: [
          COLUMNS.phase,
          textColumn('colour', '6rem', { name: 'Colour', type: 'string', jsonPath: '.spec.colour', description: '' }),
          textColumn(
            'arms',
            '4rem',
            { name: 'Arms', type: 'integer', jsonPath: '.spec.arms', description: '' },
            'right',
          ),
          COLUMNS.gpu,
        ],
        icon: 'M4 4h12v12H4z',
      },
    );
    const o: NodusObject = {
      apiVersion: 'nodus.dev/v1',
      kind: 'Widget',
      metadata: {},
      spec: { colour: 'teal', arms: '3', resources: { gpu: { type: 'H100', count: 2 } } },
      status: { phase: 'Running' },
    };
    const columns = traitsOf(widget).columns;
    expect(columns.map((c) => c.sortValue?.(o))).toEqual(['Running', 'teal', 3, 2]);
    expect(columns.map((c) => c.header)).toEqual(['Phase', 'Colour', 'Arms', 'GPU']);
  });
});
