import { describe, expect, it } from 'vitest';
import { enforcementWords } from './enforcement.ts';

describe('what a Budget does at its limit, in words', () => {
  const end = 'Dec 17';
  it('Block (also the default) refuses launches, before the limit too, and stops nothing that runs', () => {
    for (const spec of [{ enforcement: 'Block' }, {}, undefined]) {
      const words = enforcementWords(spec, end);
      expect(words.tone).toBe('block');
      expect(words.title).toBe('Block: new launches are refused');
      expect(words.text).toContain('until the period ends on Dec 17 or the limit is raised');
      expect(words.text).toContain('a launch expected to cost more than what is left is refused');
      expect(words.text).toContain('What already runs keeps running');
    }
  });

  it('Alert refuses nothing and warns in the review; a Suspended Budget does nothing at all', () => {
    const alert = enforcementWords({ enforcement: 'Alert' }, end);
    expect(alert).toMatchObject({ tone: 'alert', title: 'Alert: launches go ahead, with a warning' });
    expect(alert.text).toContain('Nothing is refused');
    const off = enforcementWords({ enforcement: 'Block', state: 'Suspended' }, end);
    expect(off).toMatchObject({ tone: 'off', title: 'Suspended: nothing happens' });
    expect(off.text).toContain('no charges count against it');
  });
});
