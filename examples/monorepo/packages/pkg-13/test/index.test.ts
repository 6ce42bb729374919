import { diff } from '../src/index.ts';

// @verifies pkg-13#P13-DIFF-INPUT~81ccac77
it('diff case 1', () => {
  if (diff(['a']).length !== 1) throw new Error('diff');
});

// @verifies pkg-13#P13-DIFF-EMPTY~13f82506
it('diff case 2', () => {
  if (diff(['a']).length !== 1) throw new Error('diff');
});

// @verifies pkg-13#P13-INTEGRATES~3d2cc72e
it('diff case 3', () => {
  if (diff(['a']).length !== 1) throw new Error('diff');
});
