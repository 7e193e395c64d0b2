import { describe, expect, it } from 'vitest';
import { KIND_FACTS, KIND_NAMES, type KindFacts } from '../shared/kinds.ts';
import type { NodusObject } from '../shared/protocol.ts';
import { availableActions } from './actions.ts';
import { COLUMNS, textColumn } from './columns.ts';
import { childSelector, costMeter, presentation } from './presentation.ts';
import { KIND_PRESENTATION, presentationOf } from './registry.ts';
import { summaryOf } from './summaries.ts';

const GENERIC = presentationOf('Gadget');

describe('the kinds registry', () => {
  it('has a full entry for every kind the spec declares, never the generic one', () => {
    for (const name of KIND_NAMES) {
      const p = presentationOf(name);
      expect(p, name).toBe(KIND_PRESENTATION[name]);
      expect(p.declared, name).toBe(true);
      expect(p.columns.length, name).toBeGreaterThan(0);
      expect(p.icon, name).not.toBe(GENERIC.icon);
      // The facts come through unchanged: the registry adds to them and never restates them.
      expect(p, name).toMatchObject(KIND_FACTS[name]);
    }
  });

  it('gives a kind only discovery knows the generic presentation, explicitly', () => {
    expect(GENERIC).toMatchObject({
      kind: 'Gadget',
      declared: false,
      lifecycle: 'none',
      restart: false,
      published: false,
    });
    expect(GENERIC.columns.map((c) => c.id)).toEqual(['phase', 'owner']);
    expect(GENERIC.phases).toContain('Available');
    expect(presentationOf('Gadget')).toBe(GENERIC);
  });

  it('words the cascade and finds the children from the facts', () => {
    expect(presentationOf('Pipeline').cascade).toBe('the Jobs it started');
    expect(KIND_NAMES.filter((k) => presentationOf(k).cascade)).toEqual(['Pipeline']);
    const owner: NodusObject = { apiVersion: 'nodus.dev/v1', kind: 'Pipeline', metadata: { name: 'etl' } };
    expect(childSelector(presentationOf('Pipeline').children!, owner)).toBe('nodus.dev/pipeline=etl');
  });

  it('draws money over time for every billed kind and for Budgets, and for nothing else', () => {
    const spend = Object.fromEntries(KIND_NAMES.map((k) => [k, presentationOf(k).spend ?? null]));
    expect(spend).toEqual({
      Job: 'object',
      Sandbox: 'object',
      Function: 'object',
      Volume: 'object',
      Budget: 'budget',
      Pipeline: 'object',
      Image: null,
    });
    for (const name of KIND_NAMES)
      expect(presentationOf(name).spend === 'object', name).toBe(KIND_FACTS[name].billable);
    expect(GENERIC.spend).toBeUndefined();
  });

  it('meters money where the kind bills, and caps it where the spec has a max cost', () => {
    const job: NodusObject = {
      apiVersion: 'nodus.dev/v1',
      kind: 'Job',
      metadata: {},
      spec: { maxCostUSD: '5.00' },
      status: { costUSD: '1.00' },
    };
    expect(presentationOf('Job').meter?.(job)).toMatchObject({
      spent: '1.00',
      limit: '5.00',
      limitField: 'maxCostUSD',
    });
    expect(presentationOf('Budget').meter?.({ ...job, spec: { limitUSD: '100' } })).toMatchObject({
      limit: '100',
      limitLabel: 'limit',
    });
    expect(presentationOf('Image').meter).toBeUndefined();
    expect(presentationOf('Job').template?.command).toEqual(['python', 'train.py']);
  });
});

describe('adding a kind', () => {
  // The shortest path: facts (here borrowed from Sandbox's lifecycle) and a look; the rest follows.
  const facts_: KindFacts = {
    ...KIND_FACTS.Sandbox,
    kind: 'Widget',
    plural: 'widgets',
    singular: 'widget',
    shortNames: ['wdg'],
    uidPrefix: 'wdg',
  };
  const widget = presentation(facts_, {
    columns: [
      COLUMNS.phase,
      textColumn('colour', '6rem', {
        name: 'Colour',
        type: 'string',
        jsonPath: '.spec.colour',
        description: 'Colour.',
      }),
      COLUMNS.cost,
      COLUMNS.maxCost,
    ],
    meter: costMeter,
    icon: 'M4 4h12v12H4z',
  });
  const object: NodusObject = {
    apiVersion: 'nodus.dev/v1',
    kind: 'Widget',
    metadata: { name: 'w' },
    spec: { colour: 'teal', maxCostUSD: '3.00' },
    status: { phase: 'Running', costUSD: '1.00' },
  };

  it('gives its table columns and object-page facts', () => {
    expect(widget.columns.map((c) => [c.id, c.header, c.cell])).toEqual([
      ['phase', 'Phase', 'phase'],
      ['colour', 'Colour', 'text'],
      ['cost', 'Cost', 'money'],
      ['max', 'Max', 'money'],
    ]);
    expect(widget.columns.map((c) => c.value?.(object))).toEqual(['Running', 'teal', '1.00', '3.00']);
    // A kind only discovery knows gets one fact per plain field of its spec.
    expect(summaryOf('Widget')(object).map((f) => [f.label, f.value])).toEqual([
      ['Colour', 'teal'],
      ['Max cost USD', '3.00'],
    ]);
    expect(widget.phases).toEqual(KIND_FACTS.Sandbox.phases);
  });

  it('gives its actions: state actions and restart from the facts, raise from the meter', () => {
    const verbs = ['get', 'patch', 'delete'];
    const actions = availableActions({ kind: 'Widget', verbs, traits: widget, object, deleted: false });
    expect(actions.map((a) => [a.id, a.disabled === undefined])).toEqual([
      ['suspend', true],
      ['stop', true],
      ['resume', false],
      ['restart', true],
      ['raise', true],
      ['delete', true],
    ]);
  });
});
