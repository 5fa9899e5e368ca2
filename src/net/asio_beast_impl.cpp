// The one translation unit that compiles Asio and Beast (BOOST_ASIO_SEPARATE_COMPILATION and
// BOOST_BEAST_SEPARATE_COMPILATION are defined for everything that links catan_net).
#include <boost/asio/impl/src.hpp>
#include <boost/asio/ssl/impl/src.hpp>  // TLS (tls_context.cpp, the sessions' ssl_stream)
#include <boost/beast/src.hpp>
