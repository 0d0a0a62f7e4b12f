// The lint n8n uses for community nodes (the same plugins and rule sets as @n8n/node-cli's config):
// eslint-plugin-n8n-nodes-base (community / credentials / nodes) + @n8n/eslint-plugin-community-nodes.
import tseslint from 'typescript-eslint';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import communityNodes from '@n8n/eslint-plugin-community-nodes';

export default tseslint.config(
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', 'scripts/**', 'bench/**', 'docs/**', 'eslint.config.mjs', 'gulpfile.js', 'jest.config.js'] },
	{
		files: ['**/*.ts'],
		extends: [tseslint.configs.recommended, communityNodes.configs.recommended],
		rules: {
			'@typescript-eslint/no-explicit-any': 'off',
		},
	},
	{
		files: ['package.json'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		languageOptions: { parser: tseslint.parser, parserOptions: { extraFileExtensions: ['.json'] } },
		rules: { ...n8nNodesBase.configs.community.rules },
	},
	{
		files: ['credentials/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// main-repository rule (slug-style URLs); community packages link a full URL, which
			// @n8n/community-nodes/credential-documentation-url checks instead
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: { ...n8nNodesBase.configs.nodes.rules },
	},
);
