/**
 * A readable byte stream over text or byte chunks, for this.helpers.prepareBinaryData. The package may not
 * import node:stream (n8n's verification scan allows no module besides n8n-workflow and a few
 * others), so this is the part of a Node Readable that n8n's binary-data store uses: in filesystem
 * mode it is written with fs.writeFile, which reads it as an async iterable (a chunk at a time, each
 * written before the next is produced); in the in-memory mode it is read through 'data' / 'end' /
 * 'error' events; a consumer that pipes it gets the chunks with backpressure. Chunks are produced only when read, so nothing accumulates.
 */
type Listener = (arg?: unknown) => void;

interface PipeTarget {
	write(chunk: Buffer): boolean;
	end(): void;
	once(event: 'drain', listener: () => void): unknown;
	destroy?(error?: Error): unknown;
}

export class ChunkStream {
	readonly readable = true;
	private readonly listeners = new Map<string, Listener[]>();
	private flowing = false;

	constructor(private readonly source: AsyncIterable<string | Buffer>) {}

	async *[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
		for await (const chunk of this.source)
			if (chunk.length) yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
	}

	on(event: string, listener: Listener): this {
		this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
		if (event === 'data') this.flow();
		return this;
	}

	addListener(event: string, listener: Listener): this {
		return this.on(event, listener);
	}

	once(event: string, listener: Listener): this {
		const once: Listener = (arg) => {
			this.off(event, once);
			listener(arg);
		};
		return this.on(event, once);
	}

	off(event: string, listener: Listener): this {
		this.listeners.set(
			event,
			(this.listeners.get(event) ?? []).filter((l) => l !== listener),
		);
		return this;
	}

	removeListener(event: string, listener: Listener): this {
		return this.off(event, listener);
	}

	private emit(event: string, arg?: unknown): void {
		for (const listener of this.listeners.get(event) ?? []) listener(arg);
	}

	/** Pipe mode (a consumer that calls stream.pipe): chunks written with the target's backpressure. */
	pipe<T extends PipeTarget>(target: T): T {
		void (async () => {
			try {
				for await (const chunk of this)
					if (!target.write(chunk))
						await new Promise<void>((resolve) => target.once('drain', resolve));
				target.end();
			} catch (error) {
				this.emit('error', error);
				target.destroy?.(error as Error);
			}
		})();
		return target;
	}

	/** Event mode: every chunk as a 'data' event, then 'end' (or 'error'). */
	private flow(): void {
		if (this.flowing) return;
		this.flowing = true;
		void (async () => {
			try {
				for await (const chunk of this) this.emit('data', chunk);
				this.emit('end');
			} catch (error) {
				this.emit('error', error);
			}
		})();
	}
}
