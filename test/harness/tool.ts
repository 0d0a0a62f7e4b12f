/**
 * A node type as n8n runs it as an AI tool: the "…Tool" variant n8n's CLI builds from a node with
 * `usableAsTool` (after n8n 1.x packages/cli/src/load-nodes-and-credentials.ts convertNodeToAiTool: name
 * + "Tool", no inputs, one ai_tool output, the Tool Description fields). The node class and its execute
 * are not changed; only the description is a copy.
 */
import {
	deepCopy,
	NodeConnectionTypes,
	type INodeProperties,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

export function asTool(nodeType: INodeType): INodeType {
	const description: INodeTypeDescription = deepCopy(nodeType.description);
	description.name += 'Tool';
	description.displayName += ' Tool';
	description.inputs = [];
	description.outputs = [NodeConnectionTypes.AiTool];
	delete description.usableAsTool;
	const toolFields: INodeProperties[] = [
		{
			displayName: 'Tool Description',
			name: 'descriptionType',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Set Automatically', value: 'auto' },
				{ name: 'Set Manually', value: 'manual' },
			],
			default: 'auto',
		},
		{
			displayName: 'Description',
			name: 'toolDescription',
			type: 'string',
			default: description.description,
			required: true,
			displayOptions: { show: { descriptionType: ['manual'] } },
		},
	];
	description.properties = [...toolFields, ...description.properties];
	const tool = Object.create(nodeType) as INodeType;
	Object.defineProperty(tool, 'description', { value: description });
	return tool;
}
