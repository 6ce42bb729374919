/**
 * A fact's place in the chain of links: the links it writes (upstream, to
 * the facts it refines) and the links written into it (downstream, from the
 * facts refining it), one level or transitively. What `explain`, `impact`
 * and the report show. Pure.
 */
import type { LinkKind } from '../reader/model.ts';
import type { JudgedLink } from './model.ts';

export interface ChainLinks {
  /** Links this fact writes, resolved or not. */
  up: JudgedLink[];
  /** Resolved links other facts write into this one. */
  down: JudgedLink[];
}

export function chainLinks(address: string, links: readonly JudgedLink[]): ChainLinks {
  return {
    up: links.filter((l) => l.from === address),
    down: links.filter((l) => l.resolved === address),
  };
}

/** One fact reached along the chain: its address, how many links away, and the link that reached it. */
export interface Reached {
  address: string;
  depth: number;
  via: JudgedLink;
}

const HIERARCHY: readonly LinkKind[] = ['refines', 'derives'];

/**
 * Every fact reached from `address` by following resolved links of the
 * given kinds, breadth first (each fact once, at its least depth):
 * `down` follows links into a fact (who refines it), `up` the links it writes.
 */
// @implements chains#CHAIN-TRANSITIVE
export function reach(
  address: string,
  links: readonly JudgedLink[],
  direction: 'up' | 'down',
  kinds: readonly LinkKind[] = HIERARCHY,
): Reached[] {
  const next = new Map<string, JudgedLink[]>();
  for (const link of links) {
    if (link.resolved === undefined || !kinds.includes(link.kind)) continue;
    const key = direction === 'down' ? link.resolved : link.from;
    const list = next.get(key);
    if (list === undefined) next.set(key, [link]);
    else list.push(link);
  }
  const seen = new Set([address]);
  const out: Reached[] = [];
  let frontier = [address];
  for (let depth = 1; frontier.length > 0; depth++) {
    const following: string[] = [];
    for (const at of frontier) {
      for (const link of next.get(at) ?? []) {
        const to = direction === 'down' ? link.from : link.resolved!;
        if (seen.has(to)) continue;
        seen.add(to);
        out.push({ address: to, depth, via: link });
        following.push(to);
      }
    }
    frontier = following;
  }
  return out;
}
