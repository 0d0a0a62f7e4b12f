/**
 * Field definitions shared by every node: the center, shop and zone pickers (resource locators:
 * "From List" with search, loaded live through the credential, or "By ID").
 */
import type { INodeProperties } from 'n8n-workflow';

type Display = INodeProperties['displayOptions'];

function locator(
	name: string,
	displayName: string,
	searchListMethod: string,
	placeholder: string,
	description: string,
	displayOptions?: Display,
	hint?: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description,
		...(hint ? { hint } : {}),
		displayOptions,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder,
				validation: [
					{
						type: 'regex',
						properties: { regex: '^\\S+$', errorMessage: `Not a valid ${displayName} ID` },
					},
				],
			},
		],
	};
}

export const centerLocator = (displayOptions?: Display): INodeProperties =>
	locator(
		'center',
		'Center',
		'searchCenters',
		'1002',
		'The shopping center (the sc_id). The list shows the centers your key has a role in.',
		displayOptions,
		"From your key's center list (name · plan · id); By ID: the sc_id, e.g. 1002 (Shopping Center → Center → Get Many)",
	);

export const shopLocator = (displayOptions?: Display): INodeProperties =>
	locator(
		'shop',
		'Shop',
		'searchShops',
		'1002-01',
		'The shop (trading point) of the selected center.',
		displayOptions,
		'Shops of the selected center (name · id); By ID: the shop id, e.g. 1002-01 (Shopping Center → Shop → Get Many)',
	);

export const zoneLocator = (displayOptions?: Display): INodeProperties =>
	locator(
		'zone',
		'Counting Zone',
		'searchZones',
		'100201',
		'The counting zone of the selected center.',
		displayOptions,
		"Zones of the selected center (title · id); By ID: the zone's id, the number after the dot in the list, e.g. 100201 (Attendance → Counting Zone → Get Many)",
	);
