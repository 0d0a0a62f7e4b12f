/**
 * What every action node of the package has in common: credential, connections, AI-tool use.
 * (Icon, names and properties stay literal in each node file, where n8n's lint reads them.)
 */
import { NodeConnectionTypes, type INodeTypeDescription } from 'n8n-workflow';

export const ICON = { light: 'file:../shared/shoppingCenter.svg', dark: 'file:../shared/shoppingCenter.dark.svg' } as const;

export const ACTION_NODE_BASE: Pick<INodeTypeDescription, 'group' | 'version' | 'subtitle' | 'inputs' | 'outputs' | 'credentials'> = {
	group: ['transform'],
	version: 1,
	subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
	inputs: [NodeConnectionTypes.Main],
	outputs: [NodeConnectionTypes.Main],
	credentials: [{ name: 'shoppingCenterApi', required: true }],
};
