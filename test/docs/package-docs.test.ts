/**
 * What n8n's starter template ships besides code, checked against the repository: LICENSE.md says the
 * licence package.json names; CHANGELOG.md has the package's version; the README has Resources and
 * Version history pointing at both; every node's codex links its docs AND the credential's
 * (`credentialDocumentation`) to README anchors that exist, as does the credential's documentationUrl.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';
import { ShoppingCenterApi } from '../../credentials/ShoppingCenterApi.credentials';

const root = path.resolve(__dirname, '..', '..');
const read = (p: string) => fs.readFileSync(path.join(root, p), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
	version: string;
	license: string;
	homepage: string;
	n8n: { nodes: string[] };
};
const readme = read('README.md');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
	heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');
const readmeAnchors = new Set(
	readme
		.split('\n')
		.filter((l) => /^#{1,6} /.test(l))
		.map((l) => slug(l.replace(/^#+ /, ''))),
);
/** The README anchor a documentation URL of this package points at ('' when it is not one). */
function readmeAnchor(url: string): string {
	const [base, anchor] = url.split('#');
	return base === pkg.homepage && anchor ? anchor : '';
}

describe('package documents', () => {
	it('LICENSE.md is the licence package.json names (MIT)', () => {
		expect(pkg.license).toBe('MIT');
		const license = read('LICENSE.md');
		expect(license.split('\n')[0]).toBe('MIT License');
		expect(license).toContain('Permission is hereby granted, free of charge');
	});

	it("CHANGELOG.md has the package's version; the README's Version history and Resources exist", () => {
		expect(read('CHANGELOG.md')).toContain(`## [${pkg.version}]`);
		const headings = readme.split('\n').filter((l) => l.startsWith('## '));
		expect(headings).toContain('## Resources');
		expect(headings).toContain('## Version history');
		const history = readme.slice(readme.indexOf('## Version history'));
		expect(history).toContain('](CHANGELOG.md)');
		expect(history).toContain('](LICENSE.md)');
	});

	it("every node's codex links its own docs and the credential's docs to README anchors", () => {
		expect(pkg.n8n.nodes.length).toBeGreaterThan(0);
		for (const built of pkg.n8n.nodes) {
			const codexPath = built.replace(/^dist\//, '').replace(/\.js$/, '.json');
			const codex = JSON.parse(read(codexPath)) as {
				resources: Record<string, Array<{ url: string }>>;
			};
			for (const kind of ['primaryDocumentation', 'credentialDocumentation']) {
				const links = codex.resources[kind] ?? [];
				expect({ codexPath, kind, count: links.length }).toEqual({ codexPath, kind, count: 1 });
				const anchor = readmeAnchor(links[0].url);
				expect({ codexPath, kind, anchor, exists: readmeAnchors.has(anchor) }).toEqual({
					codexPath,
					kind,
					anchor,
					exists: true,
				});
			}
			expect(codex.resources.credentialDocumentation[0].url).toBe(
				new ShoppingCenterApi().documentationUrl,
			);
		}
	});
});
