import { queue } from '../src/index.ts';

// @verifies pkg-08#P08-QUEUE-INPUT~5c89221c
it('queue case 1', () => {
  if (queue(['a']).length !== 1) throw new Error('queue');
});

// @verifies pkg-08#P08-QUEUE-EMPTY~13f82506
it('queue case 2', () => {
  if (queue(['a']).length !== 1) throw new Error('queue');
});

// @verifies pkg-08#P08-INTEGRATES~0b8db2de
it('queue case 3', () => {
  if (queue(['a']).length !== 1) throw new Error('queue');
});

// @verifies pkg-01#P01-INTEGRATES~f5ba7c6a
it('queue calls another package 1', () => {
  if (queue([]).length !== 0) throw new Error('queue');
});

// @verifies pkg-07#P07-INTEGRATES~fbce12a2
it('queue calls another package 2', () => {
  if (queue([]).length !== 0) throw new Error('queue');
});
