#include <hiredis/hiredis.h>
#include <hiredis/read.h>
