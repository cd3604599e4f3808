;;; puppet-lsp.el --- puppet-parser's language server for Puppet in Emacs  -*- lexical-binding: t; -*-

;;; Commentary:

;; Sets up eglot (built into Emacs 29 and newer; from GNU ELPA before) to run
;; `puppet-parser lsp' for Puppet manifests (*.pp) and EPP templates (*.epp).
;;
;; Needs:
;;   - `puppet-parser' on `exec-path' (`cargo install --path puppet-cli' puts it in
;;     ~/.cargo/bin; or set `puppet-lsp-command' to its full path);
;;   - a major mode for manifests: `puppet-mode' from MELPA (M-x package-install RET
;;     puppet-mode), or `puppet-ts-mode' (tree-sitter, Emacs 29+);
;;   - for EPP templates, the `puppet-epp-mode' below (MELPA has no mode for them; if
;;     another mode handles *.epp for you, put it in place of `puppet-epp-mode' below).
;;
;; Load it from your init file, after setting `puppet-lsp-settings' if you change them:
;;
;;   (load "/path/to/editors/emacs/puppet-lsp.el")
;;
;; then M-x eglot in a Puppet buffer, or start it by itself (done below for the three modes
;; when `puppet-lsp-ensure' is non-nil).
;;
;; The settings (see docs/editors.md) are `puppet-lsp-settings', a plist: t and :json-false
;; for booleans, a vector for an array, a plist for an object, and a key left out for the
;; server's default.  They are sent as initializationOptions, and as the `puppet' section of
;; workspace/didChangeConfiguration through `eglot-workspace-configuration'.
;;
;; The least of it, for an init file of your own (the settings are an example):
;;
;;   (with-eval-after-load 'eglot
;;     (add-to-list 'eglot-server-programs
;;                  '((puppet-mode (puppet-ts-mode :language-id "puppet"))
;;                    . ("puppet-parser" "lsp"
;;                       :initializationOptions (:puppetVersion "7.23" :lint (:enable t))))))
;;
;; lsp-mode instead of eglot: see the comment at the end of this file.

;;; Code:

(defvar eglot-server-programs)
(defvar eglot-workspace-configuration)
(declare-function eglot-ensure "eglot" ())

(defgroup puppet-lsp nil
  "The puppet-parser language server for Puppet manifests and EPP templates."
  :group 'languages
  :prefix "puppet-lsp-")

(defcustom puppet-lsp-command '("puppet-parser" "lsp")
  "The server's command line: the binary, `lsp', then any of
`--log-file FILE', `--log-level error|warn|info|debug|trace' and
`--log-format text|json'."
  :type '(repeat string))

(defcustom puppet-lsp-settings
  '(;; :puppetVersion "7.23"          ; "8.28.1", "8", "7.23"; default: the newest, OpenVox 8.28.1
    ;; :strict "warning"              ; "off", "warning" or "error"; default: the release's
    ;; :modulePath ["site" "modules"] ; default: environment.conf, else modules/ and site/
    :tasks :json-false                ; Bolt's plan/apply keywords
    :lint (:enable t)                 ; :checks (:80chars :json-false :140chars t)
    :format (:enable t))
  "The server's settings, as a plist (see docs/editors.md)."
  :type 'plist)

(defcustom puppet-lsp-ensure t
  "Non-nil: start eglot by itself in Puppet and EPP buffers."
  :type 'boolean)

;; EPP templates have no mode on MELPA: a plain one, so that eglot can manage them (its
;; language id is `epp', from the mode's name).
(unless (fboundp 'puppet-epp-mode)
  (define-derived-mode puppet-epp-mode text-mode "EPP"
    "Major mode for Puppet's EPP templates (*.epp), for eglot."
    (setq-local comment-start "<%# ")
    (setq-local comment-end " %>")))
(put 'puppet-epp-mode 'eglot-language-id "epp")
(add-to-list 'auto-mode-alist '("\\.epp\\'" . puppet-epp-mode))

(defun puppet-lsp--workspace-configuration (conf)
  "CONF, a value of `eglot-workspace-configuration', with :puppet added.
The :puppet section is `puppet-lsp-settings'."
  (cond ((functionp conf) conf)       ; a function of the user's own: left alone
        ((consp (car-safe conf))      ; the alist form
         (cons (cons :puppet puppet-lsp-settings) (assq-delete-all :puppet (copy-alist conf))))
        (t (plist-put (copy-sequence conf) :puppet puppet-lsp-settings))))

(with-eval-after-load 'eglot
  ;; Manifests and templates are two entries, so two servers: eglot before 1.16 (Emacs 30)
  ;; gives a server one language id for all its buffers.  (puppet-ts-mode would otherwise get
  ;; the language id "puppet-ts", from its name.)
  (dolist (modes '((puppet-mode (puppet-ts-mode :language-id "puppet"))
                   ((puppet-epp-mode :language-id "epp"))))
    (add-to-list 'eglot-server-programs
                 `(,modes . (,@puppet-lsp-command
                             :initializationOptions ,(lambda (_server) puppet-lsp-settings)))))
  ;; The `puppet' section of workspace/didChangeConfiguration (and of workspace/configuration);
  ;; a project's .dir-locals.el can set its own.
  (setq-default eglot-workspace-configuration
                (puppet-lsp--workspace-configuration
                 (default-value 'eglot-workspace-configuration))))

(when puppet-lsp-ensure
  (dolist (hook '(puppet-mode-hook puppet-ts-mode-hook puppet-epp-mode-hook))
    (add-hook hook #'eglot-ensure)))

;; Formatting: M-x eglot-format-buffer, or on save:
;;   (add-hook 'puppet-mode-hook
;;             (lambda () (add-hook 'before-save-hook #'eglot-format-buffer nil t)))

;; lsp-mode instead of eglot (leave the eglot part above out):
;;
;;   (with-eval-after-load 'lsp-mode
;;     (add-to-list 'lsp-language-id-configuration '(puppet-mode . "puppet"))
;;     (add-to-list 'lsp-language-id-configuration '(puppet-ts-mode . "puppet"))
;;     (add-to-list 'lsp-language-id-configuration '(puppet-epp-mode . "epp"))
;;     (lsp-register-client
;;      (make-lsp-client
;;       :new-connection (lsp-stdio-connection (lambda () puppet-lsp-command))
;;       :activation-fn (lsp-activate-on "puppet" "epp")
;;       :initialization-options (lambda () puppet-lsp-settings)
;;       :initialized-fn (lambda (workspace)
;;                         (with-lsp-workspace workspace
;;                           (lsp--set-configuration `(:puppet ,puppet-lsp-settings))))
;;       :priority 1        ; before lsp-mode's own Puppet client (puppet-editor-services)
;;       :server-id 'puppet-parser)))
;;   (dolist (hook '(puppet-mode-hook puppet-ts-mode-hook puppet-epp-mode-hook))
;;     (add-hook hook #'lsp-deferred))
;;
;; If lsp-mode's own Puppet client starts as well, add its id (M-x lsp-describe-session) to
;; `lsp-disabled-clients'.

(provide 'puppet-lsp)
;;; puppet-lsp.el ends here
