// Build step run after tsc (`npm run build`): the gulp task that copies static node assets into dist/
const path = require('path');
const { task, src, dest } = require('gulp');

// Copies the node and credential icons (SVG/PNG) and the codex files (*.node.json) next to the compiled JavaScript.
task('build:icons', copyIcons);

function copyIcons() {
	const nodeSource = path.resolve('nodes', '**', '*.{png,svg,node.json}');
	const nodeDestination = path.resolve('dist', 'nodes');
	src(nodeSource, { encoding: false }).pipe(dest(nodeDestination));

	const credSource = path.resolve('credentials', '**', '*.{png,svg}');
	const credDestination = path.resolve('dist', 'credentials');
	return src(credSource, { encoding: false }).pipe(dest(credDestination));
}
