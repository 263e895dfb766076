// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// lanescope-cli's JSON writer is the core's (core/util/JsonWriter.h): the subcommands and the
// measures write their members with the same one. Inside namespace lanescope::cli the name
// JsonWriter finds lanescope::JsonWriter.
#include "core/util/JsonWriter.h"
