/**
 * Fixed catalogue of the tenant portal: ticket types (with their parameters), custom fields, people,
 * pass tags. Generated tickets and passes pick from here.
 */

export interface Option {
	id: number;
	title: string;
	analytics_key: string | null;
}

export interface ParameterDef {
	id: number;
	title: string;
	analytics_key: string | null;
	options: Option[];
}

export interface TicketTypeDef {
	id: number;
	title: string;
	analytics_key: string | null;
	child: Option | null;
	/** the kind of passes tickets of this type get (null: no passes) */
	passType: 'vehicle' | 'person' | null;
	/** tickets of this type carry begin_time / end_time */
	validity: boolean;
	/** longest validity, hours */
	maxHours: number;
	parameters: ParameterDef[];
	text: string;
}

export const TICKET_TYPES: TicketTypeDef[] = [
	{
		id: 1,
		title: 'Vehicle entry',
		analytics_key: 'vehicle_entry',
		child: { id: 11, title: 'Goods unloading', analytics_key: 'unloading' },
		passType: 'vehicle',
		validity: true,
		maxHours: 72,
		parameters: [
			{
				id: 101,
				title: 'Vehicle size',
				analytics_key: 'vehicle_size',
				options: [
					{ id: 1011, title: 'Passenger car', analytics_key: 'car' },
					{ id: 1012, title: 'Van', analytics_key: 'van' },
					{ id: 1013, title: 'Truck up to 3.5 t', analytics_key: 'truck' },
				],
			},
			{
				id: 102,
				title: 'Loading dock',
				analytics_key: null,
				options: [
					{ id: 1021, title: 'Dock A', analytics_key: null },
					{ id: 1022, title: 'Dock B', analytics_key: null },
				],
			},
		],
		text: 'Please let our delivery vehicle in to the loading area.',
	},
	{
		id: 2,
		title: 'Contractor works',
		analytics_key: 'contractor_works',
		child: { id: 21, title: 'Night works', analytics_key: null },
		passType: 'person',
		validity: true,
		maxHours: 14 * 24,
		parameters: [
			{
				id: 103,
				title: 'Kind of works',
				analytics_key: 'works_kind',
				options: [
					{ id: 1031, title: 'Electrical', analytics_key: 'electrical' },
					{ id: 1032, title: 'Finishing', analytics_key: 'finishing' },
					{ id: 1033, title: 'Ventilation', analytics_key: 'ventilation' },
				],
			},
			{
				id: 104,
				title: 'Hot works',
				analytics_key: 'hot_works',
				options: [{ id: 1041, title: 'Yes', analytics_key: 'yes' }],
			},
		],
		text: 'Contractor team will carry out works in the unit.',
	},
	{
		id: 3,
		title: 'Goods import and export',
		analytics_key: 'goods_movement',
		child: null,
		passType: 'vehicle',
		validity: true,
		maxHours: 48,
		parameters: [
			{
				id: 105,
				title: 'Cargo',
				analytics_key: 'cargo',
				options: [
					{ id: 1051, title: 'Goods', analytics_key: 'goods' },
					{ id: 1052, title: 'Equipment', analytics_key: 'equipment' },
					{ id: 1053, title: 'Waste', analytics_key: null },
				],
			},
		],
		text: 'Removal of equipment and goods through the service entrance.',
	},
	{
		id: 4,
		title: 'Repair request',
		analytics_key: null,
		child: null,
		passType: null,
		validity: false,
		maxHours: 0,
		parameters: [
			{
				id: 106,
				title: 'Urgency',
				analytics_key: 'urgency',
				options: [
					{ id: 1061, title: 'Normal', analytics_key: 'normal' },
					{ id: 1062, title: 'Urgent', analytics_key: 'urgent' },
				],
			},
		],
		text: 'The air conditioner in the unit does not work.',
	},
	{
		id: 5,
		title: 'Advertising placement',
		analytics_key: 'advertising',
		child: { id: 51, title: 'Banner in the gallery', analytics_key: 'banner' },
		passType: null,
		validity: true,
		maxHours: 30 * 24,
		parameters: [
			{
				id: 107,
				title: 'Placement',
				analytics_key: 'placement',
				options: [
					{ id: 1071, title: 'Gallery', analytics_key: 'gallery' },
					{ id: 1072, title: 'Atrium', analytics_key: 'atrium' },
					{ id: 1073, title: 'Facade', analytics_key: null },
				],
			},
		],
		text: 'We would like to place a promotional banner.',
	},
];

export const WORK_PERIODS = ['day', 'night', 'around_the_clock'] as const;

export interface Person {
	id: string;
	name: string;
	email: string;
	mall_staff: boolean;
	phone: string;
}

const FIRST = [
	'Anna',
	'Ivan',
	'Olga',
	'Pavel',
	'Maria',
	'Sergey',
	'Elena',
	'Dmitry',
	'Irina',
	'Alexey',
];
const LAST = [
	'Petrova',
	'Smirnov',
	'Ivanova',
	'Kuznetsov',
	'Popova',
	'Sokolov',
	'Lebedeva',
	'Kozlov',
	'Novikova',
	'Morozov',
];

function person(n: number, who: 'tenant' | 'staff'): Person {
	const staff = who === 'staff';
	const name = `${FIRST[n % FIRST.length]} ${LAST[(n * 3) % LAST.length]}`;
	return {
		id: `person-${n}`,
		name,
		email: `${name.toLowerCase().replace(' ', '.')}@${staff ? 'mall-staff.example' : 'tenant.example'}`,
		mall_staff: staff,
		phone: `+7 912 ${String(100 + (n % 900)).padStart(3, '0')}-${String(10 + (n % 90))}-${String(10 + ((n * 7) % 90))}`,
	};
}

/** Tenant employees (authors of most tickets) and center staff (authors of standalone passes). */
export const TENANT_PEOPLE: Person[] = Array.from({ length: 24 }, (_, i) =>
	person(601 + i, 'tenant'),
);
export const STAFF_PEOPLE: Person[] = [501, 502, 701, 702, 703].map((n) => person(n, 'staff'));

export const PASS_TAGS = [
	{ id: 1, name: 'Loading dock' },
	{ id: 2, name: 'Night access' },
	{ id: 3, name: 'Contractor' },
	{ id: 4, name: 'VIP' },
];

export const PASS_STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'expired'] as const;
export const TICKET_STATUSES = [
	'new_request',
	'in_progress',
	'agreed',
	'agreed_with_conditions',
	'revoked',
	'rejected',
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** Statuses that are a decision of the center: resolution_created_at is set. */
export const DECIDED_STATUSES: readonly string[] = ['agreed', 'agreed_with_conditions', 'rejected'];

export const CONDITIONS = [
	'Security: works only after the center closes, with a guard present.',
	'Engineering: coordinate the power cut with the duty engineer.',
	'Administration: keep the gallery clean and fenced off.',
	'Fire safety: a fire watch is required for hot works.',
	'Security: vehicle must leave the dock within 30 minutes.',
];

export const VEHICLE_BRANDS = [
	'GAZelle Next',
	'Ford Transit',
	'Mercedes Sprinter',
	'Hyundai Porter',
	'Lada Largus',
];
