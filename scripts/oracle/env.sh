# Sourced (from the workspace root) by the scripts that ask Ruby Puppet for the differential
# tests (scripts/differential, oracle-reference, oracle-modulepath, oracle-pcore,
# compare-with-ruby, spec-strings): which Ruby Puppet answers, which release our side validates
# as, and where the answers are kept. The tests read the same variables
# (`puppet-test-support`'s `oracle` module, test-support/src/oracle.rs).
#
#   PUPPET_ORACLE_RUBY     the ruby command and its arguments, split at blanks (default `ruby`,
#                          which loads Debian's Puppet 7.23), e.g. for a release tree set up by
#                          scripts/oracle/record-releases:
#                          "ruby -I/tmp/puppet-releases/openvox-8.28.1/lib -r/tmp/puppet-releases/openvox-8.28.1/env.rb"
#   PUPPET_ORACLE_RELEASE  the release that command loads, MAJOR.MINOR.PATCH (a `puppet-` or
#                          `openvox-` prefix is allowed; default 7.23.0); the tests validate with
#                          its rules (puppet_syntax::PuppetRelease)
#
# Sets:
#   oracle_ruby       the command, as an array
#   oracle_release    the release, MAJOR.MINOR.PATCH
#   oracle_subdir     where the answers are kept, relative to the workspace root: target/oracle
#                     for the default (`ruby`, 7.23.0), else target/oracle/release-RELEASE
#   oracle_custom     1 when either variable chose another oracle than the default, else 0
#   oracle_stamp      what a cache stamp adds: nothing by default, else the command and release
# and the function `oracle_check NAME`, which fails (naming the calling script) unless the command
# runs and, for another oracle than the default, loads Puppet RELEASE.

read -r -a oracle_ruby <<<"${PUPPET_ORACLE_RUBY:-ruby}"
[ ${#oracle_ruby[@]} -gt 0 ] || oracle_ruby=(ruby)
oracle_release=${PUPPET_ORACLE_RELEASE:-7.23.0}
oracle_release=${oracle_release#puppet-}
oracle_release=${oracle_release#openvox-}
if ! [[ $oracle_release =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
    echo "PUPPET_ORACLE_RELEASE='${PUPPET_ORACLE_RELEASE:-}' is not MAJOR.MINOR.PATCH (e.g. 8.28.1)" >&2
    exit 2
fi
if [ "${oracle_ruby[*]}" = ruby ] && [ "$oracle_release" = 7.23.0 ]; then
    oracle_custom=0
    oracle_subdir=target/oracle
    oracle_stamp=
else
    oracle_custom=1
    oracle_subdir=target/oracle/release-$oracle_release
    oracle_stamp=" ruby=${oracle_ruby[*]} release=$oracle_release"
fi

oracle_check() {
    local name=$1 version
    command -v "${oracle_ruby[0]}" >/dev/null || {
        echo "$name: ${oracle_ruby[0]} not found (run scripts/install-deps)" >&2
        exit 1
    }
    [ "$oracle_custom" = 1 ] || return 0
    version=$("${oracle_ruby[@]}" -e 'require "puppet"; print Puppet.version' 2>/dev/null) || version=
    if [ "$version" != "$oracle_release" ]; then
        echo "$name: '${oracle_ruby[*]}' loads Puppet '${version:-nothing}', not PUPPET_ORACLE_RELEASE $oracle_release" >&2
        exit 1
    fi
}
