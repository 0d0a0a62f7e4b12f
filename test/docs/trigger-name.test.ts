/**
 * One name for the trigger: its display name (what n8n's picker and panel show), the name a new node
 * gets on the canvas, its icon's file name, its codex alias and the README (node table and section)
 * all say "Shopping Center Trigger". Its type and class (shoppingCenterEventsTrigger) stay: saved
 * workflows name them.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';
import { ShoppingCenterEventsTrigger } from '../../nodes/ShoppingCenterEventsTrigger/ShoppingCenterEventsTrigger.node';

const NAME = 'Shopping Center Trigger';
const root = path.resolve(__dirname, '..', '..');
const folder = path.join(root, 'nodes', 'ShoppingCenterEventsTrigger');
const read = (...p: string[]) => fs.readFileSync(path.join(root, ...p), 'utf8');

test('display name, a new node’s name, icon file and codex alias say the same name', () => {
	const d = new ShoppingCenterEventsTrigger().description;
	expect(d.displayName).toBe(NAME);
	expect(d.defaults.name).toBe(NAME);
	expect(d.name).toBe('shoppingCenterEventsTrigger');
	// "Shopping Center Trigger" → shoppingCenterTrigger.svg / .dark.svg
	const file = NAME.replace(/ /g, '').replace(/^./, (c) => c.toLowerCase());
	expect(d.icon).toEqual({ light: `file:${file}.svg`, dark: `file:${file}.dark.svg` });
	for (const f of [`${file}.svg`, `${file}.dark.svg`])
		expect(fs.existsSync(path.join(folder, f))).toBe(true);
	const codex = JSON.parse(
		read('nodes', 'ShoppingCenterEventsTrigger', 'ShoppingCenterEventsTrigger.node.json'),
	) as {
		alias: string[];
	};
	expect(codex.alias).toContain(NAME.toLowerCase());
});

test('the README and the docs call it by that name, never by another', () => {
	const readme = read('README.md');
	expect(readme).toContain(`| [${NAME}](#shopping-center-trigger) `);
	expect(readme).toContain(`### ${NAME}\n`);
	const texts = [
		readme,
		...fs
			.readdirSync(path.join(root, 'docs'))
			.filter((f) => f.endsWith('.md'))
			.map((f) => read('docs', f)),
	];
	for (const text of texts) expect(text).not.toMatch(/Shopping Center Events( Trigger)?\b/);
});
