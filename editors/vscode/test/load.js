// Loads the bundle (dist/extension.js, from `npm run build`) outside VS Code, with a fake
// `vscode` module (the editor provides the real one), and checks what can be checked there:
// activate/deactivate are exported functions; the settings handed to the server (at start, on
// a change, on request); how the server is started (`<path> lsp <extraArgs…>` over stdio, no
// `--stdio` added); the document selector, configuration section and watched files; the
// binary's lookup; the error shown when the binary is missing; and that the bundle needs
// nothing but `vscode` from outside.
//
// usage: node test/load.js    (npm test)
'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const Module = require('node:module');
const os = require('node:os');
const path = require('node:path');
const test = require('node:test');

const bundle = path.join(__dirname, '..', 'dist', 'extension.js');

// A stand-in for any part of the vscode API that the test does not look at: every property is
// another stand-in, callable and constructible (vscode-languageclient extends some classes of
// the API when it loads).
function anything(name) {
    const target = function () {};
    return new Proxy(target, {
        get(t, key) {
            if (key === Symbol.toPrimitive) return () => `[vscode ${name}]`;
            if (key === 'then') return undefined; // not a promise
            if (key === 'prototype') return t.prototype;
            if (!(key in t)) t[key] = anything(`${name}.${String(key)}`);
            return t[key];
        },
        apply() {
            return anything(`${name}()`);
        },
        construct() {
            return anything(`new ${name}`);
        },
    });
}

// The fake vscode: a recorder for the calls the extension makes, over stand-ins.
function fakeVscode(settings) {
    const calls = { errors: [], watchers: [], commands: [], channelLines: [] };
    const config = {
        get(key, fallback) {
            return Object.prototype.hasOwnProperty.call(settings, key) ? settings[key] : fallback;
        },
    };
    const overrides = {
        workspace: {
            workspaceFolders: undefined,
            getConfiguration: (section) => {
                assert.equal(section, 'puppet');
                return config;
            },
            createFileSystemWatcher: (pattern) => {
                calls.watchers.push(pattern);
                return { pattern, dispose() {} };
            },
            onDidChangeConfiguration: () => ({ dispose() {} }),
        },
        window: {
            createOutputChannel: (name) => ({
                name,
                appendLine: (line) => calls.channelLines.push(line),
                show() {},
                dispose() {},
            }),
            showErrorMessage: (message, ...items) => {
                calls.errors.push({ message, items });
                return Promise.resolve(undefined);
            },
        },
        commands: {
            registerCommand: (id) => {
                calls.commands.push(id);
                return { dispose() {} };
            },
            executeCommand: () => Promise.resolve(undefined),
        },
    };
    const base = anything('vscode');
    const api = new Proxy(overrides, {
        get(t, key) {
            if (key in t) {
                const part = t[key];
                if (part && typeof part === 'object') {
                    return new Proxy(part, {
                        get: (p, k) => (k in p ? p[k] : base[key][k]),
                    });
                }
                return part;
            }
            return base[key];
        },
    });
    return { api, calls };
}

// Load the bundle with `vscode` resolved to `api`, and with any other module outside Node's
// own refused (the bundle must be self-contained).
function loadBundle(api) {
    const original = Module._load;
    const outside = [];
    Module._load = function (request, parent, isMain) {
        if (request === 'vscode') return api;
        if (parent && parent.filename === bundle && !request.startsWith('node:')) {
            if (!Module.builtinModules.includes(request)) outside.push(request);
        }
        return original.call(this, request, parent, isMain);
    };
    try {
        delete require.cache[bundle];
        return { extension: require(bundle), outside };
    } finally {
        Module._load = original;
    }
}

test('the bundle exists (npm run build)', () => {
    assert.ok(fs.existsSync(bundle), `${bundle} is missing: run npm run build`);
});

test('without the editor, loading fails only for want of vscode', () => {
    let error;
    try {
        delete require.cache[bundle];
        require(bundle);
    } catch (err) {
        error = err;
    }
    assert.ok(error, 'the bundle loaded without vscode');
    assert.equal(error.code, 'MODULE_NOT_FOUND');
    assert.match(error.message, /Cannot find module 'vscode'/);
});

test('activate and deactivate are exported functions; only vscode comes from outside', () => {
    const { api } = fakeVscode({});
    const { extension, outside } = loadBundle(api);
    assert.equal(typeof extension.activate, 'function');
    assert.equal(typeof extension.deactivate, 'function');
    assert.deepEqual(outside, []);
});

test('the server settings: the contract keys only, unset ones left out', () => {
    const { api } = fakeVscode({});
    const { serverSettings } = loadBundle(api).extension._internal;
    const all = {
        'server.path': '/opt/bin/puppet-parser',
        'server.extraArgs': ['--log-level', 'debug'],
        'trace.server': 'verbose',
        puppetVersion: ' 7.23 ',
        strict: 'warning',
        modulePath: ['modules', '/etc/puppetlabs/code/modules'],
        tasks: true,
        'lint.enable': false,
        'lint.checks': { '80chars': false, '140chars': true, bogus: 'yes' },
        'format.enable': false,
    };
    assert.deepEqual(serverSettings({ get: (k) => all[k] }), {
        puppetVersion: '7.23',
        strict: 'warning',
        modulePath: ['modules', '/etc/puppetlabs/code/modules'],
        tasks: true,
        lint: { enable: false, checks: { '80chars': false, '140chars': true } },
        format: { enable: false },
    });
    const defaults = {
        puppetVersion: null,
        strict: null,
        modulePath: null,
        tasks: false,
        'lint.enable': true,
        'lint.checks': {},
        'format.enable': true,
    };
    assert.deepEqual(serverSettings({ get: (k) => defaults[k] }), {
        tasks: false,
        lint: { enable: true, checks: {} },
        format: { enable: true },
    });
    assert.deepEqual(serverSettings({ get: () => undefined }), {});
});

test('the server is `<path> lsp <extraArgs…>` over stdio', () => {
    const { api } = fakeVscode({});
    const { serverOptions } = loadBundle(api).extension._internal;
    assert.deepEqual(serverOptions('/bin/puppet-parser', ['--log-file', '/tmp/l', 7]), {
        command: '/bin/puppet-parser',
        args: ['lsp', '--log-file', '/tmp/l'],
    });
    assert.deepEqual(serverOptions('puppet-parser', undefined), {
        command: 'puppet-parser',
        args: ['lsp'],
    });
    // No transport: vscode-languageclient would add `--stdio` to the arguments for one.
    assert.equal('transport' in serverOptions('x', []), false);
});

test('the client: selector, configuration section, watched files, initializationOptions', () => {
    const { api } = fakeVscode({});
    const { clientOptions } = loadBundle(api).extension._internal;
    const watched = [];
    const settings = { puppetVersion: '8', 'lint.enable': true };
    const options = clientOptions(
        { get: (k) => settings[k] },
        (pattern) => {
            watched.push(pattern);
            return pattern;
        },
        undefined
    );
    assert.deepEqual(options.documentSelector, [
        { scheme: 'file', language: 'puppet' },
        { scheme: 'untitled', language: 'puppet' },
        { scheme: 'file', language: 'epp' },
        { scheme: 'untitled', language: 'epp' },
    ]);
    assert.equal(options.synchronize.configurationSection, 'puppet');
    assert.deepEqual(watched, ['**/*.{pp,epp}', '**/environment.conf', '**/.puppet-lint.rc']);
    assert.deepEqual(options.synchronize.fileEvents, watched);
    assert.deepEqual(options.initializationOptions, {
        puppetVersion: '8',
        lint: { enable: true },
    });
});

test('the settings pushed and pulled are the server\'s, not the raw section', async () => {
    const { api } = fakeVscode({});
    const { middleware, clientOptions } = loadBundle(api).extension._internal;
    const sent = [];
    const scopes = [];
    const hooks = middleware(
        (scopeUri) => {
            scopes.push(scopeUri);
            return { strict: 'error' };
        },
        async (params) => {
            sent.push(params);
        }
    );
    await hooks.workspace.didChangeConfiguration(['puppet'], () => {
        throw new Error('the raw section was sent');
    });
    assert.deepEqual(sent, [{ settings: { puppet: { strict: 'error' } } }]);
    const params = {
        items: [{ section: 'puppet', scopeUri: 'file:///w' }, { section: 'editor' }],
    };
    const raw = [{ strict: null, server: { path: 'x' } }, { tabSize: 2 }];
    const answer = await hooks.workspace.configuration(params, undefined, async (p) => {
        assert.equal(p, params);
        return raw;
    });
    assert.deepEqual(answer, [{ strict: 'error' }, { tabSize: 2 }]);
    assert.deepEqual(scopes, [undefined, 'file:///w']);
    const options = clientOptions({ get: () => undefined }, (p) => p, undefined, hooks);
    assert.equal(options.middleware, hooks);
});

test('the binary: a path, a name on PATH, ~/.cargo/bin, or nothing', (t) => {
    const { api } = fakeVscode({});
    const { findExecutable } = loadBundle(api).extension._internal;
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'puppet-vscode-'));
    t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
    const bin = path.join(tmp, 'bin');
    const home = path.join(tmp, 'home');
    fs.mkdirSync(bin);
    fs.mkdirSync(path.join(home, '.cargo', 'bin'), { recursive: true });
    const exe = path.join(bin, 'puppet-parser');
    fs.writeFileSync(exe, '#!/bin/sh\n', { mode: 0o755 });
    const plain = path.join(bin, 'not-executable');
    fs.writeFileSync(plain, '', { mode: 0o644 });
    const opts = { env: { PATH: bin }, platform: 'linux', home, baseDir: tmp };
    assert.equal(findExecutable('puppet-parser', opts), exe);
    assert.equal(findExecutable('', opts), exe);
    assert.equal(findExecutable(exe, opts), exe);
    assert.equal(findExecutable('bin/puppet-parser', opts), exe);
    assert.equal(findExecutable('not-executable', opts), undefined);
    assert.equal(findExecutable('missing-binary', opts), undefined);
    const cargo = path.join(home, '.cargo', 'bin', 'puppet-parser');
    fs.writeFileSync(cargo, '#!/bin/sh\n', { mode: 0o755 });
    assert.equal(findExecutable('puppet-parser', { ...opts, env: { PATH: '' } }), cargo);
    assert.equal(findExecutable('~/.cargo/bin/puppet-parser', opts), cargo);
});

test('activate with no binary: an error naming it and puppet.server.path, no crash', async () => {
    const { api, calls } = fakeVscode({ 'server.path': 'puppet-parser-that-does-not-exist' });
    const { extension } = loadBundle(api);
    const context = { subscriptions: [] };
    await extension.activate(context);
    assert.deepEqual(calls.commands, ['puppet.restartServer', 'puppet.showOutput']);
    assert.equal(calls.errors.length, 1);
    assert.match(calls.errors[0].message, /puppet-parser-that-does-not-exist/);
    assert.match(calls.errors[0].message, /puppet\.server\.path/);
    assert.match(calls.errors[0].message, /cargo install --path puppet-cli/);
    assert.deepEqual(calls.errors[0].items, ['Open Settings']);
    assert.equal(calls.watchers.length, 0, 'no client was made');
    assert.ok(context.subscriptions.length >= 3);
    await extension.deactivate();
});
