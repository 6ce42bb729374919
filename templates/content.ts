/**
 * What a tool result, a prompt message or a resource read carries: content
 * blocks of the kinds the current revisions name. Plain data, spelled as the
 * wire spells it, with helpers that build each kind and a check that says
 * what is wrong with a block a tool built by hand.
 */

/** Hints for the client about who a block is for and how much it matters. */
export interface Annotations {
  audience?: ('user' | 'assistant')[];
  priority?: number;
  lastModified?: string;
}

interface Common {
  annotations?: Annotations;
  _meta?: Record<string, unknown>;
}

export interface TextContent extends Common {
  type: 'text';
  text: string;
}

/** Base64 image data. */
export interface ImageContent extends Common {
  type: 'image';
  data: string;
  mimeType: string;
}

/** Base64 audio data. */
export interface AudioContent extends Common {
  type: 'audio';
  data: string;
  mimeType: string;
}

/** A resource the client may read (or not): named, not included. */
export interface ResourceLink extends Common {
  type: 'resource_link';
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}

export interface TextResourceContents {
  uri: string;
  mimeType?: string;
  text: string;
  _meta?: Record<string, unknown>;
}

/** Base64 binary contents. */
export interface BlobResourceContents {
  uri: string;
  mimeType?: string;
  blob: string;
  _meta?: Record<string, unknown>;
}

export type ResourceContents = TextResourceContents | BlobResourceContents;

/** A resource included whole. */
export interface EmbeddedResource extends Common {
  type: 'resource';
  resource: ResourceContents;
}

// @implements mcp-features#CONTENT-BLOCK-KINDS
export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;

/** Builders for each kind of block. */
export const content = {
  text: (text: string): TextContent => ({ type: 'text', text }),
  image: (data: string, mimeType: string): ImageContent => ({ type: 'image', data, mimeType }),
  audio: (data: string, mimeType: string): AudioContent => ({ type: 'audio', data, mimeType }),
  link: (
    uri: string,
    name: string,
    more: Omit<ResourceLink, 'type' | 'uri' | 'name'> = {},
  ): ResourceLink => ({
    type: 'resource_link',
    uri,
    name,
    ...more,
  }),
  embedded: (resource: ResourceContents): EmbeddedResource => ({ type: 'resource', resource }),
} as const;

const isText = (v: unknown): v is string => typeof v === 'string';

/** What is wrong with `contents` of a resource, as `path: problem` lines; empty when nothing is. */
export function resourceContentsProblems(contents: unknown, path: string): string[] {
  if (contents === null || typeof contents !== 'object' || Array.isArray(contents))
    return [`${path}: must be an object`];
  const c = contents as Record<string, unknown>;
  const out: string[] = [];
  if (!isText(c.uri)) out.push(`${path}.uri: must be a string`);
  if (c.mimeType !== undefined && !isText(c.mimeType))
    out.push(`${path}.mimeType: must be a string when given`);
  if (isText(c.text) === isText(c.blob))
    out.push(`${path}: needs exactly one of \`text\` and \`blob\` (a string)`);
  return out;
}

// @implements mcp-features#CONTENT-BLOCKS-ARE-CHECKED
/** What is wrong with `blocks`, as `path: problem` lines; empty when every block is well formed. */
export function contentProblems(blocks: unknown, path = 'content'): string[] {
  if (!Array.isArray(blocks)) return [`${path}: must be an array of content blocks`];
  const out: string[] = [];
  blocks.forEach((block: unknown, i) => {
    const at = `${path}[${i}]`;
    if (block === null || typeof block !== 'object' || Array.isArray(block)) {
      out.push(`${at}: must be an object`);
      return;
    }
    const b = block as Record<string, unknown>;
    switch (b.type) {
      case 'text':
        if (!isText(b.text)) out.push(`${at}.text: must be a string`);
        break;
      case 'image':
      case 'audio':
        if (!isText(b.data)) out.push(`${at}.data: must be a base64 string`);
        if (!isText(b.mimeType)) out.push(`${at}.mimeType: must be a string`);
        break;
      case 'resource_link':
        if (!isText(b.uri)) out.push(`${at}.uri: must be a string`);
        if (!isText(b.name)) out.push(`${at}.name: must be a string`);
        break;
      case 'resource':
        out.push(...resourceContentsProblems(b.resource, `${at}.resource`));
        break;
      default:
        out.push(
          `${at}.type: ${JSON.stringify(b.type)} is not a content kind (text, image, audio, resource_link, resource)`,
        );
    }
  });
  return out;
}
