# Installing catan-server as a product (docs/operating.md, "Install"):
#   cmake --install build/release --prefix P      the binary, the man page, the systemd unit, the
#                                                  settings file and the docs under P
#   cpack --config build/release/CPackConfig.cmake a Debian package (catan-server_<version>_<arch>.deb)
# What goes where (P = /usr for the package; /etc is used for P = /usr, P/etc otherwise):
#   P/bin/catan-server                       the binary (the web client is compiled in)
#   P/share/man/man1/catan-server.1.gz       generated at build time from the binary's --help (help2man)
#   P/lib/systemd/system/catan-server.service  packaging/catan-server.service.in with the real paths
#   <etc>/default/catan-server               packaging/catan-server.default: CATAN_* settings
#   P/share/doc/catan-server/                README.md and docs/*.md
# The unit and the settings file need the prefix given at install time (--prefix), so they are
# written by install(CODE) rather than configured once.
include(GNUInstallDirs)
set(_catan_doc_dir ${CMAKE_INSTALL_DATAROOTDIR}/doc/catan-server)  # the package's name, not the project's

# The man page needs help2man and runs the binary; sanitizer and fuzzing trees are not installed.
if(CATAN_SANITIZE OR CATAN_FUZZ)
  set(_catan_man_default OFF)
else()
  set(_catan_man_default ON)
endif()
option(CATAN_MAN_PAGE "Generate the man page from --help at build time (needs help2man)" ${_catan_man_default})

install(TARGETS catan-server RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

if(CATAN_MAN_PAGE)
  find_program(CATAN_HELP2MAN help2man)
  find_program(CATAN_GZIP gzip)
  if(NOT CATAN_HELP2MAN OR NOT CATAN_GZIP)
    message(FATAL_ERROR "The man page needs help2man and gzip: scripts/install-deps.sh installs them "
                        "(apt-get install help2man gzip); or configure with -DCATAN_MAN_PAGE=OFF")
  endif()
  set(_catan_man ${CMAKE_BINARY_DIR}/packaging/catan-server.1.gz)
  add_custom_command(
    OUTPUT ${_catan_man}
    COMMAND ${CMAKE_COMMAND} -DHELP2MAN=${CATAN_HELP2MAN} -DGZIP=${CATAN_GZIP} -DBINARY=$<TARGET_FILE:catan-server>
            -DEXTRA=${CMAKE_SOURCE_DIR}/packaging/catan-server.h2m -DWORK=${CMAKE_BINARY_DIR}/packaging/man
            -DOUTPUT=${_catan_man} -P ${CMAKE_SOURCE_DIR}/packaging/man-page.cmake
    DEPENDS catan-server ${CMAKE_SOURCE_DIR}/packaging/man-page.cmake ${CMAKE_SOURCE_DIR}/packaging/catan-server.h2m
    COMMENT "Generating the man page from catan-server --help"
    VERBATIM)
  add_custom_target(catan_man_page ALL DEPENDS ${_catan_man})
  install(FILES ${_catan_man} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endif()

install(FILES README.md DESTINATION ${_catan_doc_dir})
file(GLOB _catan_docs CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/docs/*.md)
install(FILES ${_catan_docs} DESTINATION ${_catan_doc_dir})

# The unit names the binary, the settings file and the docs by absolute path, known only at install
# time. file(INSTALL) adds DESTDIR and records the files in install_manifest.txt like install() does.
install(CODE "
  set(_source \"${CMAKE_SOURCE_DIR}/packaging\")
  set(_prefix \"\${CMAKE_INSTALL_PREFIX}\")
  if(_prefix STREQUAL \"/usr\")
    set(_etc /etc)
  else()
    set(_etc \"\${_prefix}/etc\")
  endif()
  set(CATAN_BIN_DIR \"\${_prefix}/${CMAKE_INSTALL_BINDIR}\")
  set(CATAN_DOC_DIR \"\${_prefix}/${_catan_doc_dir}\")
  set(CATAN_ENV_FILE \"\${_etc}/default/catan-server\")
  string(MD5 _key \"\${_prefix}\")
  set(_unit \"${CMAKE_BINARY_DIR}/packaging/\${_key}/catan-server.service\")
  configure_file(\"\${_source}/catan-server.service.in\" \"\${_unit}\" @ONLY)
  file(INSTALL DESTINATION \"\${_prefix}/lib/systemd/system\" TYPE FILE FILES \"\${_unit}\")
  # The settings are the operator's once installed: a later install (an upgrade) keeps them, as dpkg
  # keeps a conffile; the defaults stay readable in the docs folder.
  if(EXISTS \"\$ENV{DESTDIR}\${_etc}/default/catan-server\")
    message(STATUS \"Keeping: \$ENV{DESTDIR}\${_etc}/default/catan-server (your settings; the defaults: \${CATAN_DOC_DIR}/catan-server.default)\")
  else()
    file(INSTALL DESTINATION \"\${_etc}/default\" TYPE FILE RENAME catan-server
         FILES \"\${_source}/catan-server.default\")
  endif()
")
install(FILES packaging/catan-server.default DESTINATION ${_catan_doc_dir})

# The Debian package: `cpack -G DEB` in the build folder. Its dependencies come from dpkg-shlibdeps
# (dpkg-dev), its maintainer scripts and conffiles from packaging/debian/.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME catan-server)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "self-hosted multiplayer Catan server")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "One binary runs the game authoritatively and serves the web client: someone creates a room,\n\
shares its URL, and friends play from their phones and laptops. Rooms are kept in SQLite and survive\n\
restarts. Runs as a sandboxed systemd service (catan-server.service), configured in\n\
/etc/default/catan-server.")
set(CATAN_PACKAGE_MAINTAINER "catan-server maintainers <maintainers@users.noreply.a-seed-c1089bbd.example>"
    CACHE STRING "The Maintainer field of the Debian package")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CATAN_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)
# /etc/default is outside the prefix: install with DESTDIR so absolute destinations land in the package.
# With DESTDIR, CPack installs to CPACK_INSTALL_PREFIX (default: CMAKE_INSTALL_PREFIX, /usr/local).
set(CPACK_SET_DESTDIR ON)
set(CPACK_INSTALL_PREFIX /usr)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
    ${CMAKE_SOURCE_DIR}/packaging/debian/conffiles
    ${CMAKE_SOURCE_DIR}/packaging/debian/postinst
    ${CMAKE_SOURCE_DIR}/packaging/debian/prerm
    ${CMAKE_SOURCE_DIR}/packaging/debian/postrm)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
include(CPack)
