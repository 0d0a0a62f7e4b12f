/** The readable over text chunks: the three ways n8n's binary-data store may read it, and an error. */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { PassThrough } from 'node:stream';
import { ChunkStream } from '../../nodes/shared/output/chunkStream';

async function* chunks(fail = false) {
	yield 'a,b\r\n';
	yield '';
	yield 'ж,"x"\r\n';
	if (fail) throw new Error('page failed');
}

test('async iteration (filesystem mode: fs.writeFile)', async () => {
	const parts: Buffer[] = [];
	for await (const c of new ChunkStream(chunks())) parts.push(c);
	expect(Buffer.concat(parts).toString('utf8')).toBe('a,b\r\nж,"x"\r\n');
});

test("'data' / 'end' events (in-memory mode), and 'error'", async () => {
	const read = (s: ChunkStream) =>
		new Promise<string>((resolve, reject) => {
			const parts: Buffer[] = [];
			s.on('data', (c) => parts.push(c as Buffer));
			s.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
			s.once('error', reject);
		});
	await expect(read(new ChunkStream(chunks()))).resolves.toBe('a,b\r\nж,"x"\r\n');
	await expect(read(new ChunkStream(chunks(true)))).rejects.toThrow('page failed');
});

test('pipe into a Node writable', async () => {
	const target = new PassThrough();
	const parts: Buffer[] = [];
	target.on('data', (c: Buffer) => parts.push(c));
	const done = new Promise((resolve) => target.on('end', resolve));
	new ChunkStream(chunks()).pipe(target);
	await done;
	expect(Buffer.concat(parts).toString('utf8')).toBe('a,b\r\nж,"x"\r\n');
});
