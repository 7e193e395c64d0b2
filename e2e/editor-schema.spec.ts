/**
 * The new-object editor checks a draft against the kind's schema as the server will: a field the schema does not
 * know is marked on its line and listed with its path and the name it was probably meant to be, and a value
 * that does not fit a field's pattern is explained in words, never as a regular expression.
 */
import { expect, test } from '@playwright/test';
import { EditorPage } from './pages/editor-page.ts';
import { hoverWord } from './support/monaco.ts';
import { createProject, uniqueName } from './support/mock-writes.ts';

test.describe.configure({ timeout: 240_000 });

const { jobYaml } = EditorPage;

/** What a raw regular expression in a message would contain. */
const REGEX_BITS = /pattern|\^|\$"|\\d|\[a-z/;

test('unknown fields are marked on their lines and listed with their path, like the server refuses them', async ({
  page,
  request,
}) => {
  const project = uniqueName('ed-unknown');
  await createProject(request, project);
  const editor = new EditorPage(page);
  await editor.goto(project, 'jobs');

  // Line 8: a typo of maxCostUSD; line 9: a field no Job has; line 11: a typo one level down.
  const text = jobYaml('train-b', { extra: '  foo: bar\n  resources:\n    memoryGB: 16\n' }).replace(
    'maxCostUSD',
    'maxCostUDS',
  );
  await editor.setText(text);

  await expect(editor.problem(/spec\.maxCostUDS is not a field of a Job spec.*did you mean maxCostUSD/)).toContainText(
    'Line 8, col 3',
  );
  await expect(editor.problem(/spec\.foo is not a field of a Job spec/)).toContainText('Line 9, col 3');
  await expect(
    editor.problem(/spec\.resources\.memoryGB is not a field of spec\.resources.*did you mean memoryGiB/),
  ).toContainText('Line 11, col 5');
  await expect.poll(() => editor.markedLines('error')).toEqual([8, 9, 11]);
  const hover = await hoverWord(page, page.getByTestId('code-editor'), 'maxCostUDS');
  await expect(hover).toContainText('spec.maxCostUDS is not a field of a Job spec');
  await page.screenshot({ path: test.info().outputPath('conflict-editor-unknown-1440.png'), fullPage: true });

  // The server refuses the same fields on Review.
  await editor.reviewButton.click();
  await expect(editor.problem(/spec\.maxCostUDS: unknown field/)).toBeVisible({ timeout: 60_000 });
  await expect(editor.problem(/spec\.foo: unknown field/)).toBeVisible();
  await expect(editor.problem(/spec\.resources\.memoryGB: unknown field/)).toBeVisible();

  // Fixed, the console's marks go (the server's stay until the next review).
  await editor.setText(jobYaml('train-b'));
  await expect(editor.problem(/is not a field of/)).toHaveCount(0);
});

test("a value that does not fit a field's pattern is explained in words, never as a regular expression", async ({
  page,
  request,
}) => {
  const project = uniqueName('ed-pattern');
  await createProject(request, project);
  await page.setViewportSize({ width: 1024, height: 768 });
  const editor = new EditorPage(page);
  await editor.goto(project, 'jobs');

  await editor.setText(
    jobYaml('train-b', { maxCostUSD: 'forty' }).replace('nodus/pytorch:2.8-cuda12.8', 'Nodus/PyTorch'),
  );
  await expect(editor.problem(/spec\.maxCostUSD: .*decimal.*"40\.00"/)).toContainText('Line 8,');
  await expect(editor.problem(/spec\.image: .*tag/)).toContainText('Line 6,');
  await expect(editor.problems).not.toContainText(REGEX_BITS);
  const hover = await hoverWord(page, page.getByTestId('code-editor'), 'forty');
  await expect(hover).toContainText('decimal');
  await expect(hover).not.toContainText(REGEX_BITS);
  await page.screenshot({ path: test.info().outputPath('conflict-editor-pattern-1024.png'), fullPage: true });

  // A Pipeline's step name is a DNS label of at most 40 characters.
  const pipeline = new EditorPage(page, 'Pipeline');
  await pipeline.goto(project, 'pipelines');
  await pipeline.setText(
    'apiVersion: nodus.dev/v1\nkind: Pipeline\nmetadata:\n  name: nightly\nspec:\n  steps:\n    - name: Prep_Step\n      image: nodus/python:3.12\n',
  );
  await expect(
    pipeline.problem(/spec\.steps\[0\]\.name: .*lowercase letters, digits and "-".*at most 40 characters/),
  ).toContainText('Line 7,');
  await expect(pipeline.problems).not.toContainText(REGEX_BITS);
});
