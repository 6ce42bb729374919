import { scan } from '../src/index.ts';

// @verifies pkg-19#P19-SCAN-INPUT~afa4b094
it('scan case 1', () => {
  if (scan(['a']).length !== 1) throw new Error('scan');
});

// @verifies pkg-19#P19-SCAN-EMPTY~13f82506
it('scan case 2', () => {
  if (scan(['a']).length !== 1) throw new Error('scan');
});

// @verifies pkg-19#P19-INTEGRATES~89b1dfd0
it('scan case 3', () => {
  if (scan(['a']).length !== 1) throw new Error('scan');
});
