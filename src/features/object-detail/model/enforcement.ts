/**
 * What a Budget does when its spending reaches the limit, in words, as the API acts on it: Block refuses the
 * launches it covers (already before the limit, any launch expected to cost more than is left), Alert refuses
 * nothing and warns in each launch's review; a Suspended Budget does neither and counts nothing. In both cases what
 * already runs keeps running, and its charges still count.
 */
export interface EnforcementWords {
  title: string;
  text: string;
  tone: 'block' | 'alert' | 'off';
}

export function enforcementWords(spec: Record<string, unknown> | undefined, periodEnd: string): EnforcementWords {
  if (spec?.state === 'Suspended')
    return {
      title: 'Suspended: nothing happens',
      text: 'A suspended Budget neither blocks nor alerts, and no charges count against it until it is active again.',
      tone: 'off',
    };
  if (spec?.enforcement === 'Alert')
    return {
      title: 'Alert: launches go ahead, with a warning',
      text: `Nothing is refused. The Budget turns Exceeded and each launch's review warns that it goes over the limit; spending can continue past it until the period ends on ${periodEnd}.`,
      tone: 'alert',
    };
  return {
    title: 'Block: new launches are refused',
    text: `The Budget turns Exceeded and every launch it covers is refused until the period ends on ${periodEnd} or the limit is raised; before that, a launch expected to cost more than what is left is refused too. What already runs keeps running and its charges still count, each up to its own max cost.`,
    tone: 'block',
  };
}
