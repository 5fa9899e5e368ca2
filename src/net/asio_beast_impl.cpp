// The one translation unit that compiles Asio and Beast (BOOST_ASIO_SEPARATE_COMPILATION and
// BOOST_BEAST_SEPARATE_COMPILATION are defined for everything that links catan_net).
#include <boost/asio/impl/src.hpp>
#include <boost/beast/src.hpp>
