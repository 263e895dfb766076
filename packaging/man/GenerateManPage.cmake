# Writes a man page from its template and the program's own --help, then gzips it (Debian keeps man
# pages gzipped). The options are taken from the program, so the page cannot drift from what the
# program accepts. Run at build time:
#   cmake -DPROGRAM=bin -DTEMPLATE=x.1.in -DOUTPUT=x.1 -DVERSION=0.1.0 [-DSUBCOMMANDS=ON] -P GenerateManPage.cmake
# With SUBCOMMANDS, PROGRAM is lanescope-cli: its overview names the commands, and each command's
# --help becomes a subsection.
foreach(var PROGRAM TEMPLATE OUTPUT VERSION)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "GenerateManPage.cmake: -D${var}=... is missing")
  endif()
endforeach()

# English help whatever the builder's locale (the programs follow LANG/LANGUAGE).
set(ENV{LC_ALL} C)
set(ENV{LANG} C)
set(ENV{LANGUAGE} "")

function(program_help out)
  execute_process(COMMAND ${PROGRAM} ${ARGN} OUTPUT_VARIABLE text ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR text STREQUAL "")
    message(FATAL_ERROR "GenerateManPage.cmake: '${PROGRAM} ${ARGN}' failed (${rc}): ${err}")
  endif()
  # Qt's parser names the program by the path it was run as: the build tree's, here.
  get_filename_component(name "${PROGRAM}" NAME)
  string(REPLACE "${PROGRAM}" "${name}" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# Help text as a roff no-fill block: backslashes escaped, '-' as \- (so options copy and search
# as hyphens), a leading '.' or "'" protected so roff does not read it as a request.
function(roff_block out text)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  string(REGEX REPLACE "\n+$" "" text "${text}")
  set(${out} ".nf\n${text}\n.fi" PARENT_SCOPE)
endfunction()

program_help(overview --help)
roff_block(HELP "${overview}")
set(COMMANDS "")
if(SUBCOMMANDS)
  # The overview lists "  NAME  summary" lines under "commands:".
  string(REGEX MATCH "commands:\n(  [a-z][^\n]*\n)+" listed "${overview}")
  string(REGEX MATCHALL "\n  [a-z][a-z-]*" names "${listed}")
  if(NOT names)
    message(FATAL_ERROR "GenerateManPage.cmake: no commands found in '${PROGRAM} --help'")
  endif()
  foreach(name IN LISTS names)
    string(STRIP "${name}" name)
    program_help(text ${name} --help)
    roff_block(block "${text}")
    string(APPEND COMMANDS ".SS ${name}\n${block}\n")
  endforeach()
endif()

# The build date; string(TIMESTAMP) follows SOURCE_DATE_EPOCH when set (reproducible builds).
string(TIMESTAMP DATE "%Y-%m-%d" UTC)
configure_file(${TEMPLATE} ${OUTPUT} @ONLY)
execute_process(COMMAND gzip -9nf ${OUTPUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "GenerateManPage.cmake: gzip ${OUTPUT} failed")
endif()
