/**
 * What a ReqIF file holds, read by Python's own XML parser (not factline's):
 * each SPEC-OBJECT's identifier (its ALTERNATIVE-ID when it has one), the
 * parent each object is first placed under in a SPECIFICATION's hierarchy
 * (null at the top or when placed nowhere; a node placing no object hands its
 * children to its parent), and the SPEC-RELATIONs between objects the file
 * has. A `.reqifz` gives one entry per `.reqif` inside it.
 */
import { spawnSync } from 'node:child_process';

export interface ReqifStructure {
  objects: string[];
  parents: Record<string, string | null>;
  relations: [string, string][];
}

const SCRIPT = `
import sys, json, zipfile, xml.etree.ElementTree as ET
def local(t): return t.rsplit('}', 1)[-1]
def load(path):
    if path.endswith('.reqifz'):
        z = zipfile.ZipFile(path)
        return [z.read(n) for n in z.namelist() if n.endswith('.reqif')]
    return [open(path, 'rb').read()]
def ref(el, wrapper):
    for c in el:
        if local(c.tag) == wrapper:
            for r in c:
                return (r.text or '').strip()
out = []
for data in load(sys.argv[1]):
    root = ET.fromstring(data)
    objs = {}
    for el in root.iter():
        if local(el.tag) == 'SPEC-OBJECT':
            alt = [a.get('IDENTIFIER') for a in el.iter() if local(a.tag) == 'ALTERNATIVE-ID' and a.get('IDENTIFIER')]
            objs[el.get('IDENTIFIER')] = alt[0] if alt else el.get('IDENTIFIER')
    parents = {}
    def walk(el, parent):
        for c in el:
            if local(c.tag) != 'CHILDREN':
                continue
            for h in c:
                if local(h.tag) != 'SPEC-HIERARCHY':
                    continue
                o = ref(h, 'OBJECT')
                if o in objs and objs[o] not in parents:
                    parents[objs[o]] = parent
                    walk(h, objs[o])
                else:
                    walk(h, parent)
    for el in root.iter():
        if local(el.tag) == 'SPECIFICATION':
            walk(el, None)
    rels = set()
    for el in root.iter():
        if local(el.tag) == 'SPEC-RELATION':
            s, t = ref(el, 'SOURCE'), ref(el, 'TARGET')
            if s in objs and t in objs and s != t:
                rels.add((objs[s], objs[t]))
    out.append({'objects': sorted(objs.values()), 'parents': {o: parents.get(o) for o in objs.values()}, 'relations': sorted(rels)})
print(json.dumps(out))
`;

export function reqifStructure(file: string): ReqifStructure[] {
  const run = spawnSync('python3', ['-c', SCRIPT, file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`python3 could not read ${file}: ${run.stderr}`);
  return JSON.parse(run.stdout) as ReqifStructure[];
}
