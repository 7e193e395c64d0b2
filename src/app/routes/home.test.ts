import { describe, expect, it } from 'vitest';
import { landingProject } from './home.tsx';

describe('landingProject', () => {
  it('is default where the key sees it, else the first project of its own, else what Nodus publishes', () => {
    expect(landingProject(['alpha', 'default', 'nodus'])).toBe('default');
    expect(landingProject(['nodus', 'vision', 'zeta'])).toBe('vision');
    expect(landingProject(['nodus'])).toBe('nodus');
    expect(landingProject([])).toBeUndefined();
  });

  it('is the project last visited while the key still sees it, else as before', () => {
    expect(landingProject(['alpha', 'default', 'nlp'], 'nlp')).toBe('nlp');
    expect(landingProject(['alpha', 'default'], 'nlp')).toBe('default');
    expect(landingProject(['nodus', 'vision'], 'gone')).toBe('vision');
    expect(landingProject([], 'nlp')).toBeUndefined();
  });
});
