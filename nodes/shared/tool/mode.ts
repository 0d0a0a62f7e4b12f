/**
 * Whether the node runs as an AI tool. n8n runs a community node as a tool (for an AI Agent or an MCP
 * Server Trigger) through its "…Tool" variant, whose type name ends in "Tool"; n8n's own `@tool`
 * display condition tests the same.
 */
import type { INode } from 'n8n-workflow';

export function runsAsTool(ctx: { getNode(): INode }): boolean {
	return ctx.getNode().type.endsWith('Tool');
}

/** As a tool with Return All, the records one answer shows at most (an answer is also cut at 20,000 characters). */
export const TOOL_PAGE = 50;

/**
 * The Limit an operation asks the API for. As a tool an answer shows the records after `offset` (the
 * model passes back the next_offset of a cut answer), at most the Limit of them (Return All: TOOL_PAGE),
 * and one record more is fetched than will be shown, so that the answer can say for certain whether
 * more exist (../tool/answer.ts drops it and says so). So a tool never fetches past its answer.
 */
export function fetchLimit(
	ctx: { getNode(): INode },
	limit: number | undefined,
	offset: number,
): number | undefined {
	return runsAsTool(ctx) ? offset + (limit ?? TOOL_PAGE) + 1 : limit;
}
