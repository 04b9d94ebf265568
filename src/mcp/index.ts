// The MCP transport's barrel: the decorators, their options, and what the mcp module serves MCP with.
export * from './mcp-call';
export * from './mcp-errors';
export * from './mcp-metadata';
export * from './mcp-options';
export * from './prompt-decorator';
export * from './prompt-options';
export * from './resource-decorator';
export * from './resource-options';
export * from './serve-mcp';
export * from './tool-decorator';
export * from './tool-options';
