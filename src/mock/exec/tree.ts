/** The file tree an exec session's shell works in. */
import type { FileTree } from '../files/tree.ts';
import type { KindDef } from '../kinds/index.ts';
import type { MockState } from '../state.ts';
import { TestTree } from './shell/test-tree.ts';

const TREES = new WeakMap<MockState, Map<string, FileTree>>();

export function treeOf(state: MockState, kind: KindDef, namespace: string, name: string): FileTree {
  let trees = TREES.get(state);
  if (!trees) TREES.set(state, (trees = new Map()));
  const key = `${kind.plural}/${namespace}/${name}`;
  let tree = trees.get(key);
  if (!tree) trees.set(key, (tree = new TestTree()));
  return tree;
}
