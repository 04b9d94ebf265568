export { mcpModule } from './mcp-module';
