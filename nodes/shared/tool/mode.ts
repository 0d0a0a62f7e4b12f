/**
 * Whether the node runs as an AI tool. n8n runs a community node as a tool (for an AI Agent or an MCP
 * Server Trigger) through its "…Tool" variant, whose type name ends in "Tool"; n8n's own `@tool`
 * display condition tests the same.
 */
import type { INode } from 'n8n-workflow';

export function runsAsTool(ctx: { getNode(): INode }): boolean {
	return ctx.getNode().type.endsWith('Tool');
}

/**
 * The Limit an operation asks the API for. As a tool one record more is fetched than will be shown, so
 * that the answer can say for certain whether more exist (../tool/answer.ts drops it and says so).
 */
export function fetchLimit(ctx: { getNode(): INode }, limit: number): number {
	return runsAsTool(ctx) ? limit + 1 : limit;
}
