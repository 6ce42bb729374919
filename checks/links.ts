/**
 * Judging the links written on facts (`@refines:`, `@derives:`,
 * `@conflicts:`): resolve each address as a citation's is resolved, then
 * decide whether it counts or raises a finding — an unknown or ambiguous
 * target, a void target, a pin the target no longer matches (a suspect
 * link), two conflicting facts that both stand — and find the circles
 * refinement and derivation must never make. Pure.
 */
import type { Fact } from '../reader/model.ts';
import type { FindingCollector } from './findings.ts';
import type { JudgedLink } from './model.ts';
import { currentPin, type FactIndex, pinMatches, resolveRef } from './resolve.ts';
import { conflictingFactsFinding } from './rules/conflicting-facts.ts';
import { linkCycle, linkCycleFinding } from './rules/link-cycle.ts';
import { staleLink, staleLinkFinding } from './rules/stale-link.ts';
import { unknownLinkTarget, unknownLinkTargetFinding } from './rules/unknown-link-target.ts';
import { voidFactLinked, voidFactLinkedFinding } from './rules/void-fact-linked.ts';

/** Every link of the given facts (first definitions, in document order), judged. */
export function judgeLinks(facts: readonly Fact[], index: FactIndex, out: FindingCollector): JudgedLink[] {
  const links: JudgedLink[] = [];
  for (const fact of facts) {
    for (const written of fact.links ?? []) {
      const link: JudgedLink = {
        kind: written.kind,
        from: fact.address,
        target: written.target,
        ...(written.pin !== undefined ? { pin: written.pin } : {}),
        file: fact.file,
        line: written.line,
        column: written.column,
        counted: false,
      };
      links.push(link);
      judgeLink(link, written, fact, index, out);
    }
  }
  markCycles(links, out);
  return links;
}

function judgeLink(
  link: JudgedLink,
  written: { doc?: string; id: string },
  from: Fact,
  index: FactIndex,
  out: FindingCollector,
): void {
  const found = resolveRef(written, index);
  if (found.kind !== 'fact') {
    // A withdrawn fact's links are history: only those of standing facts are held to resolve.
    if (from.status.state === 'void') return;
    link.problem = unknownLinkTarget.id;
    out.add(
      unknownLinkTargetFinding(
        link,
        found.kind === 'unknown'
          ? found
          : found.kind === 'ambiguous'
            ? {
                reason: `\`${written.id}\` is ambiguous: ${found.candidates.join(', ')}`,
                suggestions: found.candidates,
              }
            : { reason: found.reason, suggestions: [] },
      ),
    );
    return;
  }
  const target = found.fact;
  link.resolved = target.address;
  if (from.status.state === 'void') return;
  if (link.kind === 'conflicts') {
    // Conflicting facts are reported while both stand; the link itself never counts as evidence.
    if (target.status.state !== 'void') out.add(conflictingFactsFinding(link, target));
    return;
  }
  if (target.status.state === 'void') {
    link.problem = voidFactLinked.id;
    out.add(voidFactLinkedFinding(link, target));
    return;
  }
  const doc = index.docs.get(target.doc);
  if (link.pin !== undefined && !pinMatches(link.pin, target, doc)) {
    link.problem = staleLink.id;
    out.add(
      staleLinkFinding(link as JudgedLink & { pin: string }, target, currentPin(target, doc, link.pin)),
    );
    return;
  }
  link.counted = true;
}

/**
 * Circles among counted `refines` and `derives` links (Tarjan's strongly
 * connected components): each circle is reported once, at the link leaving
 * its first fact by address, and its links stop counting.
 */
function markCycles(links: JudgedLink[], out: FindingCollector): void {
  const edges = new Map<string, JudgedLink[]>();
  for (const link of links) {
    if (!link.counted || link.kind === 'conflicts' || link.resolved === undefined) continue;
    const list = edges.get(link.from);
    if (list === undefined) edges.set(link.from, [link]);
    else list.push(link);
  }
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  // Iterative, so a chain thousands of levels deep cannot overflow the call stack.
  for (const root of [...edges.keys()].sort()) {
    if (order.has(root)) continue;
    const work: { node: string; next: number }[] = [{ node: root, next: 0 }];
    order.set(root, order.size);
    low.set(root, order.get(root)!);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const out = edges.get(top.node) ?? [];
      if (top.next < out.length) {
        const to = out[top.next++]!.resolved!;
        if (!order.has(to)) {
          order.set(to, order.size);
          low.set(to, order.get(to)!);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, order.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) === order.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        const selfLoop = (edges.get(top.node) ?? []).some((l) => l.resolved === top.node);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  }
  for (const component of components) {
    const members = new Set(component);
    const first = [...component].sort()[0]!;
    const path = circleFrom(first, members, edges);
    const at = (edges.get(first) ?? []).find((l) => l.resolved === path[1])!;
    out.add(linkCycleFinding(at, path));
    for (const member of component) {
      for (const link of edges.get(member) ?? []) {
        if (link.resolved !== undefined && members.has(link.resolved)) {
          link.counted = false;
          link.problem = linkCycle.id;
        }
      }
    }
  }
}

/** One way round the circle from `start` back to it, inside the component (breadth first: the shortest). */
function circleFrom(start: string, members: Set<string>, edges: Map<string, JudgedLink[]>): string[] {
  const back = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const link of edges.get(node) ?? []) {
      const to = link.resolved!;
      if (!members.has(to)) continue;
      if (to === start) return [...orderPath(start, node, back), start];
      if (!back.has(to)) {
        back.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

/** start → … → last, following `back` from last. */
function orderPath(start: string, last: string, back: Map<string, string>): string[] {
  const path: string[] = [];
  for (let at: string | undefined = last; at !== undefined; at = at === start ? undefined : back.get(at))
    path.unshift(at);
  if (path[0] !== start) path.unshift(start);
  return path;
}
