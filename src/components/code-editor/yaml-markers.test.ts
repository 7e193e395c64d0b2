import { describe, expect, test } from 'vitest';
import { placeCauses, syntaxMarkers } from './yaml-markers.ts';

const TEXT = `apiVersion: nodus.dev/v1
kind: Job
metadata:
  name: train-b
spec:
  image: nodus/pytorch:2.8-cuda12.8
  maxCostUSD: "-1"
`;

describe('placeCauses', () => {
  test('puts each cause on the line of its field, with the reason as source', () => {
    const placed = placeCauses(
      TEXT,
      [{ field: 'spec.maxCostUSD', reason: 'FieldValueInvalid', message: 'must be more than 0.00' }],
      'Invalid',
    );
    expect(placed).toEqual([
      expect.objectContaining({
        startLineNumber: 7,
        startColumn: 3,
        endLineNumber: 7,
        message: 'spec.maxCostUSD: must be more than 0.00',
        source: 'API: Invalid (FieldValueInvalid)',
        severity: 'error',
        exact: true,
      }),
    ]);
  });

  test('a field not in the text goes to its parent and says so; no field goes to line 1', () => {
    const [missing, general] = placeCauses(
      TEXT,
      [
        { field: 'spec.resources.gpu.type', reason: 'FieldValueRequired', message: 'is required' },
        { message: 'something about the whole object' },
      ],
      'FieldImmutable',
    );
    expect(missing).toMatchObject({
      startLineNumber: 5,
      exact: false,
      message: 'spec.resources.gpu.type: is required (not in the text; marked at spec)',
    });
    expect(general).toMatchObject({
      startLineNumber: 1,
      field: undefined,
      message: 'something about the whole object',
    });
  });
});

describe('syntaxMarkers', () => {
  test('parse problems become markers with their code', () => {
    expect(syntaxMarkers('a: 1\n---\nb: 2\n')).toEqual([
      expect.objectContaining({ startLineNumber: 2, severity: 'error', source: 'YAML MULTIPLE_DOCUMENTS' }),
    ]);
    expect(syntaxMarkers(TEXT)).toEqual([]);
  });
});
