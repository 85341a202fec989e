// Reads Prometheus' text exposition format, as /metrics answers it, into samples: the series'
// name, its labels and its value. Strict on purpose: a line Prometheus could not read fails the
// test that scrapes it.
const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/y;

function unescape(value) {
  return value.replace(/\\([\\"n])/g, (_, c) => (c === 'n' ? '\n' : c));
}

function parseLabels(text, line) {
  const labels = {};
  labelPair.lastIndex = 0;
  while (labelPair.lastIndex < text.length) {
    const start = labelPair.lastIndex;
    const match = labelPair.exec(text);
    if (!match || match.index !== start) throw new Error(`labels that are not the format's: ${line}`);
    labels[match[1]] = unescape(match[2]);
  }
  return labels;
}

export function parseExposition(text) {
  const samples = [];
  const types = new Map();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('# HELP ')) continue;
    if (line.startsWith('# TYPE ')) {
      const [, , name, type] = line.split(' ');
      if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(type)) {
        throw new Error(`a TYPE the format does not have: ${line}`);
      }
      types.set(name, type);
      continue;
    }
    const match = line.match(sampleLine);
    if (!match) throw new Error(`a line that is not a sample: ${JSON.stringify(line)}`);
    const value = match[3] === '+Inf' ? Infinity : match[3] === '-Inf' ? -Infinity : Number(match[3]);
    if (Number.isNaN(value) && match[3] !== 'NaN') throw new Error(`a value that is not a number: ${line}`);
    samples.push({ name: match[1], labels: match[2] ? parseLabels(match[2], line) : {}, value });
  }
  return { samples, types };
}

// The samples of a series whose labels include the given ones.
export function seriesOf({ samples }, name, labels = {}) {
  return samples.filter((sample) => sample.name === name
    && Object.entries(labels).every(([label, value]) => sample.labels[label] === value));
}

// The value of the one series with exactly these labels (besides none), 0 when it is not there yet.
export function valueOf(scrape, name, labels = {}) {
  const found = seriesOf(scrape, name, labels)
    .filter((sample) => Object.keys(sample.labels).length === Object.keys(labels).length);
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} names ${found.length} series`);
  return found[0]?.value ?? 0;
}
