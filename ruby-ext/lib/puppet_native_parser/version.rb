# frozen_string_literal: true

module PuppetNativeParser
  VERSION = "0.1.0"
end
