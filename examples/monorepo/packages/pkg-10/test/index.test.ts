import { shape } from '../src/index.ts';

// @verifies pkg-10#P10-SHAPE-INPUT~d43ac8c3
it('shape case 1', () => {
  if (shape(['a']).length !== 1) throw new Error('shape');
});

// @verifies pkg-10#P10-SHAPE-EMPTY~13f82506
it('shape case 2', () => {
  if (shape(['a']).length !== 1) throw new Error('shape');
});

// @verifies pkg-10#P10-INTEGRATES~0ad7cf2f
it('shape case 3', () => {
  if (shape(['a']).length !== 1) throw new Error('shape');
});
