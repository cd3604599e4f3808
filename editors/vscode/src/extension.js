// The VS Code client of `puppet-parser lsp`: starts the server over stdio for Puppet manifests
// (`puppet`, *.pp) and EPP templates (`epp`, *.epp), hands it the `puppet` settings as
// initializationOptions and keeps it told of their changes (workspace/didChangeConfiguration)
// and of the files it indexes (*.pp, *.epp, environment.conf, .puppet-lint.rc).
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const vscode = require('vscode');
const {
    LanguageClient,
    DidChangeConfigurationNotification,
} = require('vscode-languageclient/node');

const SECTION = 'puppet';
const CLIENT_ID = 'puppet'; // the client reads `puppet.trace.server` by this id
const CLIENT_NAME = 'Puppet (puppet-parser)';
const DEFAULT_COMMAND = 'puppet-parser';
const LANGUAGES = ['puppet', 'epp'];
const WATCHED = ['**/*.{pp,epp}', '**/environment.conf', '**/.puppet-lint.rc'];

/** @type {LanguageClient | undefined} */
let client;
/** @type {vscode.OutputChannel | undefined} */
let outputChannel;

/**
 * The server's settings out of the `puppet` configuration section: the keys of the server's
 * contract only (not the extension's own `server.*` and `trace.*`), without the unset ones
 * (null, or an empty string), so that the server applies its own defaults for those.
 * @param {{ get(key: string): any }} config
 */
function serverSettings(config) {
    const settings = {};
    const set = (target, key, value) => {
        if (value === undefined || value === null) return;
        if (typeof value === 'string' && value.trim() === '') return;
        target[key] = typeof value === 'string' ? value.trim() : value;
    };
    set(settings, 'puppetVersion', config.get('puppetVersion'));
    set(settings, 'strict', config.get('strict'));
    const modulePath = config.get('modulePath');
    if (Array.isArray(modulePath)) {
        settings.modulePath = modulePath.filter((dir) => typeof dir === 'string' && dir !== '');
    }
    set(settings, 'tasks', config.get('tasks'));
    const lint = {};
    set(lint, 'enable', config.get('lint.enable'));
    const checks = config.get('lint.checks');
    if (checks && typeof checks === 'object' && !Array.isArray(checks)) {
        lint.checks = Object.fromEntries(
            Object.entries(checks).filter(([, on]) => typeof on === 'boolean')
        );
    }
    if (Object.keys(lint).length > 0) settings.lint = lint;
    const format = {};
    set(format, 'enable', config.get('format.enable'));
    if (Object.keys(format).length > 0) settings.format = format;
    return settings;
}

function isExecutableFile(file, platform) {
    try {
        if (!fs.statSync(file).isFile()) return false;
        if (platform !== 'win32') fs.accessSync(file, fs.constants.X_OK);
        return true;
    } catch {
        return false;
    }
}

/**
 * The server binary to run: `command` as a path (absolute, `~/…`, or relative to `baseDir`, the
 * first workspace folder), or as a name looked up on PATH (with PATHEXT on Windows), then, for
 * the default name, in ~/.cargo/bin (where `cargo install` puts it, often not on the PATH of an
 * editor started from a desktop). Returns the absolute path, or undefined when there is none.
 * @param {string} command
 * @param {{ env?: NodeJS.ProcessEnv, platform?: string, baseDir?: string, home?: string }} [opts]
 */
function findExecutable(command, opts = {}) {
    const env = opts.env || process.env;
    const platform = opts.platform || process.platform;
    const home = opts.home || os.homedir();
    const exts =
        platform === 'win32'
            ? ['', ...(env.PATHEXT || '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean)]
            : [''];
    const tryFile = (file) => {
        for (const ext of exts) {
            if (isExecutableFile(file + ext, platform)) return file + ext;
        }
        return undefined;
    };
    let name = (command || '').trim() || DEFAULT_COMMAND;
    if (name === '~' || name.startsWith('~/') || name.startsWith('~\\')) {
        name = path.join(home, name.slice(1));
    }
    if (path.isAbsolute(name) || name.includes('/') || name.includes('\\')) {
        return tryFile(path.resolve(opts.baseDir || process.cwd(), name));
    }
    const dirs = (env.PATH || env.Path || '').split(path.delimiter).filter(Boolean);
    if (name === DEFAULT_COMMAND) dirs.push(path.join(home, '.cargo', 'bin'));
    for (const dir of dirs) {
        const found = tryFile(path.join(dir, name));
        if (found) return found;
    }
    return undefined;
}

/**
 * How to start the server: `<path> lsp <extraArgs…>` over stdio (no transport given, so that
 * the client adds no `--stdio` argument of its own).
 * @param {string} command the resolved binary
 * @param {unknown} extraArgs
 */
function serverOptions(command, extraArgs) {
    const args = ['lsp'];
    if (Array.isArray(extraArgs)) {
        args.push(...extraArgs.filter((arg) => typeof arg === 'string').map(String));
    }
    return { command, args };
}

function documentSelector() {
    const selector = [];
    for (const language of LANGUAGES) {
        selector.push({ scheme: 'file', language }, { scheme: 'untitled', language });
    }
    return selector;
}

/**
 * The settings the server is sent, whichever way it asks: `synchronize.configurationSection`
 * makes the client push the whole `puppet` section on every change (workspace/
 * didChangeConfiguration) and answer workspace/configuration with it, nulls and the
 * extension's own `server`/`trace` keys included; these hooks send `serverSettings` instead.
 * @param {(scopeUri?: string) => object} readSettings the server's settings (of a scope)
 * @param {(params: object) => Promise<void>} notify sends workspace/didChangeConfiguration
 */
function middleware(readSettings, notify) {
    return {
        workspace: {
            didChangeConfiguration: (sections) =>
                notify({ settings: sections === undefined ? null : { [SECTION]: readSettings() } }),
            configuration: async (params, token, next) => {
                const result = await next(params, token);
                if (!Array.isArray(result)) return result;
                return result.map((value, i) => {
                    const item = params.items[i];
                    return item && item.section === SECTION ? readSettings(item.scopeUri) : value;
                });
            },
        },
    };
}

/**
 * The client's options.
 * @param {{ get(key: string): any }} config the `puppet` section
 * @param {(pattern: string) => any} createWatcher vscode.workspace.createFileSystemWatcher
 * @param {vscode.OutputChannel | undefined} channel
 * @param {ReturnType<typeof middleware>} [hooks]
 */
function clientOptions(config, createWatcher, channel, hooks) {
    return {
        documentSelector: documentSelector(),
        synchronize: {
            configurationSection: SECTION,
            fileEvents: WATCHED.map((pattern) => createWatcher(pattern)),
        },
        initializationOptions: serverSettings(config),
        outputChannel: channel,
        middleware: hooks,
    };
}

function readServerSettings(scopeUri) {
    let scope;
    if (scopeUri) {
        try {
            scope = vscode.Uri.parse(scopeUri);
        } catch {
            scope = undefined;
        }
    }
    return serverSettings(vscode.workspace.getConfiguration(SECTION, scope));
}

function firstWorkspaceFolder() {
    const folders = vscode.workspace.workspaceFolders;
    return folders && folders.length > 0 && folders[0].uri.scheme === 'file'
        ? folders[0].uri.fsPath
        : undefined;
}

async function notFound(command) {
    const open = 'Open Settings';
    const choice = await vscode.window.showErrorMessage(
        `Puppet: the language server binary "${command}" was not found` +
            (command === DEFAULT_COMMAND ? ' on PATH or in ~/.cargo/bin' : '') +
            '. Install it with "cargo install --path puppet-cli" (from the puppet-parser ' +
            'sources), or set "puppet.server.path" to the puppet-parser binary.',
        open
    );
    if (choice === open) {
        await vscode.commands.executeCommand('workbench.action.openSettings', 'puppet.server');
    }
}

async function startClient() {
    const config = vscode.workspace.getConfiguration(SECTION);
    const configured = config.get('server.path') || DEFAULT_COMMAND;
    const command = findExecutable(configured, { baseDir: firstWorkspaceFolder() });
    if (!command) {
        outputChannel.appendLine(`[puppet] server binary "${configured}" not found`);
        void notFound(configured);
        return;
    }
    const options = serverOptions(command, config.get('server.extraArgs'));
    outputChannel.appendLine(`[puppet] starting ${options.command} ${options.args.join(' ')}`);
    const hooks = middleware(readServerSettings, (params) =>
        created.sendNotification(DidChangeConfigurationNotification.type, params)
    );
    const created = new LanguageClient(
        CLIENT_ID,
        CLIENT_NAME,
        options,
        clientOptions(
            config,
            (pattern) => vscode.workspace.createFileSystemWatcher(pattern),
            outputChannel,
            hooks
        )
    );
    client = created;
    try {
        await created.start();
    } catch (err) {
        if (client === created) client = undefined;
        const message = err && err.message ? err.message : String(err);
        outputChannel.appendLine(`[puppet] the server did not start: ${message}`);
        void vscode.window.showErrorMessage(
            `Puppet: "${command} lsp" did not start: ${message}. See the "${CLIENT_NAME}" output.`
        );
    }
}

async function stopClient() {
    const running = client;
    client = undefined;
    if (!running) return;
    try {
        await running.stop();
    } catch (err) {
        outputChannel.appendLine(`[puppet] stopping the server: ${err && err.message ? err.message : err}`);
    }
}

async function restartClient() {
    await stopClient();
    await startClient();
}

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
    outputChannel = vscode.window.createOutputChannel(CLIENT_NAME);
    context.subscriptions.push(
        outputChannel,
        vscode.commands.registerCommand('puppet.restartServer', restartClient),
        vscode.commands.registerCommand('puppet.showOutput', () => outputChannel.show(true)),
        // The server's own settings reach it as workspace/didChangeConfiguration; a new binary
        // or new arguments need a new process.
        vscode.workspace.onDidChangeConfiguration((event) => {
            if (event.affectsConfiguration(`${SECTION}.server`)) void restartClient();
        })
    );
    await startClient();
}

function deactivate() {
    return stopClient();
}

module.exports = {
    activate,
    deactivate,
    // For test/load.js.
    _internal: {
        serverSettings,
        findExecutable,
        serverOptions,
        clientOptions,
        documentSelector,
        middleware,
    },
};
