import { format } from '../src/index.ts';

// @verifies pkg-02#P02-FORMAT-INPUT~706390a2
it('format case 1', () => {
  if (format(['a']).length !== 1) throw new Error('format');
});

// @verifies pkg-02#P02-FORMAT-EMPTY~13f82506
it('format case 2', () => {
  if (format(['a']).length !== 1) throw new Error('format');
});

// @verifies pkg-02#P02-INTEGRATES~d1cfaf8e
it('format case 3', () => {
  if (format(['a']).length !== 1) throw new Error('format');
});

// @verifies pkg-01#P01-INTEGRATES~f5ba7c6a
it('format calls another package 1', () => {
  if (format([]).length !== 0) throw new Error('format');
});
