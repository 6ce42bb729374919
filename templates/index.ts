/**
 * The MCP core as a library: build a ToolSet, hand it to a Server, serve it
 * on stdio. Nothing here knows factline, a language or a tool grammar.
 */
// @implements mcp-core#TRANSPORT-EVERY-MCP-KIND-SERVER-BUILDS-ON~28d519c7
// @implements mcp-core#CRATE-KNOWS-NEITHER-VIBE-NOR-A-LANGUAGE~53059558
// @implements serve#CORE-LIBRARY-EXPORTS
export {
  BOUND_ERROR_CODE,
  BOUNDS,
  DEFAULT_LIMITS,
  ID_WINDOW,
  type InboundLine,
  type Limits,
  limitsOf,
  SkippedLine,
  screenFrame,
} from './bounds.ts';
export {
  type Captured,
  type CaptureOptions,
  captureHeld,
  captureRun,
  captureShared,
  capturing,
  claimStdio,
  heldBytes,
  openChannel,
  releaseCapture,
  type StdioChannel,
} from './capture.ts';
export {
  type Annotations,
  type AudioContent,
  type BlobResourceContents,
  type ContentBlock,
  content,
  contentProblems,
  type EmbeddedResource,
  type ImageContent,
  type ResourceContents,
  type ResourceLink,
  type TextContent,
  type TextResourceContents,
} from './content.ts';
export { asCoreError, ERROR_KINDS, type ErrorKind, McpCoreError } from './errors.ts';
export {
  type Completer,
  FEATURE_METHODS,
  FEATURE_NOTIFICATIONS,
  type FeatureOptions,
  Features,
  featureServer,
  LOG_LEVELS,
  type LogLevel,
  type Prompt,
  type PromptAnswer,
  type PromptArgument,
  type PromptContext,
  type PromptMessage,
  RESOURCE_NOT_FOUND,
  type Resource,
  type ResourceInfo,
  type ResourceTemplate,
} from './features.ts';
export {
  HTTP,
  HttpEndpoint,
  type HttpHandle,
  type HttpOptions,
  type HttpSession,
  type ServerFactory,
  serveHttp,
} from './http.ts';
export {
  classifyLine,
  ERROR_CODES,
  type Frame,
  METHODS,
  PROTOCOL_VERSION,
  RawId,
  type Reply,
  type RpcErrorObject,
  rpcError,
} from './jsonrpc.ts';
export {
  idKey,
  LIFECYCLE_CODES,
  LIFECYCLE_METHODS,
  type Profile,
  type RunContext,
  Session,
} from './lifecycle.ts';
export {
  PEER,
  Peer,
  PeerRequestError,
  type PeerRequestOptions,
  type PeerSend,
  PeerTransport,
} from './peer.ts';
export {
  inputErrorsAreResults,
  isModernRequest,
  LEGACY_REVISIONS,
  META_KEYS,
  MODERN_REVISIONS,
  missingCapabilities,
  negotiateRevision,
  REVISION_ERROR_CODES,
  REVISION_METHODS,
  RevisionRules,
  revisionServer,
  SUPPORTED_REVISIONS,
  showsStructuredOutput,
} from './revisions.ts';
export {
  malformedSchema,
  type Schema,
  type SchemaValidator,
  schemaProblems,
  unsupportedKeywords,
  useSchemaValidator,
} from './schema-check.ts';
export {
  DEFAULT_CONCURRENCY,
  type LoopEnd,
  type MethodHandler,
  type RequestHooks,
  type RequestInfo,
  Server,
  type ServerOptions,
} from './server.ts';
export { RESUME, type ReplayBounds } from './sse.ts';
export { StdioTransport, serveStdio } from './stdio.ts';
// @implements mcp-core#CONSUMERS-VENDOR-THIS-CRATE-BYTE-IDENTICALLY~faec8f4d
export {
  checkStructured,
  defineTool,
  type FromSchema,
  failure,
  type InputRequest,
  inputRequired,
  structuredOutput,
  type Tool,
  type ToolDescriptor,
  type ToolOutput,
  type ToolResult,
  ToolSet,
  type TypedTool,
  toolContent,
  toolResult,
  toolResultOf,
} from './toolset.ts';
export { LineDecoder, ScriptedTransport, type Transport } from './transport.ts';
