/**
 * The spec's value sets that several nodes offer (one place, so a node and the trigger never differ).
 */
import type { INodePropertyOptions } from 'n8n-workflow';

export const ANOMALY_LEVEL_OPTIONS: INodePropertyOptions[] = [
	{ name: 'High', value: 'high' },
	{ name: 'Low', value: 'low' },
	{ name: 'Medium', value: 'medium' },
];

export const ANOMALY_STATUS_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Archived', value: 'archived' },
	{ name: 'Completed', value: 'completed' },
	{ name: 'New', value: 'new', description: 'Nobody has handled it yet' },
];
