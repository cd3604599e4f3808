-- puppet-parser's language server for Puppet manifests (*.pp) and EPP templates (*.epp), in
-- Neovim 0.8 or newer, with the built-in LSP client.
--
-- Put this file in ~/.config/nvim/plugin/ (it runs at start-up), or copy its body into your
-- init.lua. `puppet-parser` must be on PATH (`cargo install --path puppet-cli` puts it in
-- ~/.cargo/bin), or set `cmd` below to its full path.
--
-- The settings are those of docs/editors.md; leave a key out for the server's default. (An
-- empty Lua table is sent as a JSON array: write vim.empty_dict() for an empty object.)

-- Neovim knows *.pp as `puppet` and *.epp as `epuppet`; the server's language id for EPP is
-- `epp`, and Neovim sends the filetype as the language id: make *.epp `epp`, highlighted with
-- the runtime's `epuppet` syntax where there is one. (A buffer left as `epuppet` is handled
-- too: get_language_id below.)
vim.filetype.add({ extension = { pp = 'puppet', epp = 'epp' } })
vim.api.nvim_create_autocmd('FileType', {
  group = vim.api.nvim_create_augroup('puppet_parser_epp', { clear = true }),
  pattern = 'epp',
  callback = function(args)
    if #vim.api.nvim_get_runtime_file('syntax/epuppet.vim', false) > 0 then
      vim.bo[args.buf].syntax = 'epuppet'
    end
  end,
})

local settings = {
  -- puppetVersion = '8.28.1',   -- "8.28.1", "8", "7.23"; default: the newest, OpenVox 8.28.1
  -- strict = 'warning',         -- "off" | "warning" | "error"; default: the release's
  -- modulePath = { 'site', 'modules' },  -- default: environment.conf, else modules/ and site/
  tasks = false,                 -- Bolt's plan/apply keywords
  lint = {
    enable = true,
    -- checks = { ['80chars'] = false, ['140chars'] = true },  -- after .puppet-lint.rc
  },
  format = { enable = true },
}

local cmd = { 'puppet-parser', 'lsp' }
-- Logging goes to stderr, which Neovim writes to its LSP log (:LspLog, or
-- vim.lsp.get_log_path()); or to a file of its own:
-- local cmd = { 'puppet-parser', 'lsp', '--log-level', 'debug', '--log-file', '/tmp/puppet-lsp.log' }

-- The workspace root: the nearest directory with an environment.conf (a control repository or
-- an environment), else with a metadata.json (a module), else with a .git, else the file's own.
local root_markers = { 'environment.conf', 'metadata.json', '.git' }

local function root_dir(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  local start = name ~= '' and vim.fs.dirname(name) or (vim.uv or vim.loop).cwd()
  for _, marker in ipairs(root_markers) do
    local found = vim.fs.find({ marker }, { path = start, upward = true })[1]
    if found then
      return vim.fs.dirname(found)
    end
  end
  return start
end

vim.api.nvim_create_autocmd('FileType', {
  group = vim.api.nvim_create_augroup('puppet_parser_lsp', { clear = true }),
  pattern = { 'puppet', 'epp', 'epuppet' },
  callback = function(args)
    if vim.fn.executable(cmd[1]) == 0 then
      vim.notify_once(
        'puppet-parser not found on PATH: install it (cargo install --path puppet-cli) '
          .. 'or set cmd in puppet.lua to its path',
        vim.log.levels.ERROR
      )
      return
    end
    -- vim.lsp.start reuses a running client of the same name and root directory.
    vim.lsp.start({
      name = 'puppet-parser',
      cmd = cmd,
      root_dir = root_dir(args.buf),
      get_language_id = function(_, filetype)
        return filetype == 'epuppet' and 'epp' or filetype
      end,
      init_options = settings,
      -- What the client answers to workspace/configuration requests. To change a setting while
      -- the server runs: client.config.settings.puppet.strict = 'error', then
      -- client.notify('workspace/didChangeConfiguration', { settings = client.config.settings })
      settings = { puppet = settings },
    }, { bufnr = args.buf })
  end,
})

-- Formatting: `:lua vim.lsp.buf.format()`, or on save:
-- vim.api.nvim_create_autocmd('BufWritePre', {
--   pattern = { '*.pp', '*.epp' },
--   callback = function() vim.lsp.buf.format({ name = 'puppet-parser' }) end,
-- })

--[[ With nvim-lspconfig, instead of the above (the `puppet-parser` server is not one of
lspconfig's own, so it is declared first; keep the filetype lines above):

local configs = require('lspconfig.configs')
local util = require('lspconfig.util')
if not configs.puppet_parser then
  configs.puppet_parser = {
    default_config = {
      cmd = { 'puppet-parser', 'lsp' },
      filetypes = { 'puppet', 'epp', 'epuppet' },
      root_dir = util.root_pattern('environment.conf', 'metadata.json', '.git'),
      get_language_id = function(_, filetype)
        return filetype == 'epuppet' and 'epp' or filetype
      end,
      single_file_support = true,
    },
  }
end
require('lspconfig').puppet_parser.setup({
  init_options = settings,
  settings = { puppet = settings },
})

(lspconfig's own `puppet` server is Puppet's Ruby language server, puppet-editor-services:
do not set up both for the same files.)
--]]

--[=[ Neovim 0.7 (no vim.lsp.start and no vim.fs before 0.8, and vim.filetype.add only with
vim.g.do_filetype_lua = 1): keep the `settings` table above and use this in place of the rest.
One client per root directory, started with vim.lsp.start_client and attached to each buffer
with vim.lsp.buf_attach_client.

vim.cmd([[autocmd BufRead,BufNewFile *.epp set filetype=epp]])

local clients = {}  -- root directory -> client id

vim.api.nvim_create_autocmd('FileType', {
  pattern = { 'puppet', 'epp' },
  callback = function(args)
    local dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(args.buf), ':p:h')
    local root = dir
    for _, marker in ipairs({ 'environment.conf', 'metadata.json', '.git' }) do
      local found = marker == '.git' and vim.fn.finddir(marker, dir .. ';')
        or vim.fn.findfile(marker, dir .. ';')
      if found ~= '' then
        root = vim.fn.fnamemodify(found, ':p:h')
        if marker == '.git' then root = vim.fn.fnamemodify(root, ':h') end
        break
      end
    end
    local id = clients[root]
    if not (id and vim.lsp.get_client_by_id(id)) then
      id = vim.lsp.start_client({
        name = 'puppet-parser',
        cmd = { 'puppet-parser', 'lsp' },
        root_dir = root,
        get_language_id = function(_, filetype)
          return filetype == 'epuppet' and 'epp' or filetype
        end,
        init_options = settings,
        settings = { puppet = settings },
      })
      clients[root] = id
    end
    if id then
      vim.lsp.buf_attach_client(args.buf, id)
    end
  end,
})
--]=]
