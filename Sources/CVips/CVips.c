#include "CVips.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

/* The libvips 8 calls made here, as libvips.so.42 (its ABI 42) declares them, with images,
   arrays and GObjects as untyped pointers. The variadic ones stay variadic: their options are
   name/value pairs ended by NULL, passed below with fixed arguments. */
typedef int (*vips_init_fn)(const char *argv0);
typedef void (*vips_cache_set_max_fn)(int max);
typedef void *(*vips_image_new_from_buffer_fn)(const void *buffer, size_t length, const char *options, ...);
typedef int (*vips_autorot_fn)(void *in, void **out, ...);
typedef int (*vips_resize_fn)(void *in, void **out, double scale, ...);
typedef int (*vips_image_hasalpha_fn)(void *image);
typedef void *(*vips_array_double_new_fn)(const double *array, int n);
typedef void (*vips_area_unref_fn)(void *area);
typedef int (*vips_flatten_fn)(void *in, void **out, ...);
typedef int (*vips_jpegsave_buffer_fn)(void *in, void **buffer, size_t *length, ...);
typedef int (*vips_image_get_size_fn)(const void *image);
typedef char *(*vips_error_buffer_copy_fn)(void);
typedef void (*g_object_unref_fn)(void *object);
typedef void (*g_free_fn)(void *memory);

struct vips_calls {
    vips_init_fn init;
    vips_cache_set_max_fn cache_set_max;
    vips_image_new_from_buffer_fn image_new_from_buffer;
    vips_autorot_fn autorot;
    vips_resize_fn resize;
    vips_image_hasalpha_fn image_hasalpha;
    vips_array_double_new_fn array_double_new;
    vips_area_unref_fn area_unref;
    vips_flatten_fn flatten;
    vips_jpegsave_buffer_fn jpegsave_buffer;
    vips_image_get_size_fn image_get_width;
    vips_image_get_size_fn image_get_height;
    vips_error_buffer_copy_fn error_buffer_copy;
    g_object_unref_fn object_unref;
    g_free_fn free;
};

/* Filled once under `opening`, then published: NULL until libvips has started. */
static struct vips_calls calls;
static _Atomic(const struct vips_calls *) started = NULL;
static pthread_mutex_t opening = PTHREAD_MUTEX_INITIALIZER;

static const struct vips_calls *vips(void) {
    return atomic_load_explicit(&started, memory_order_acquire);
}

/* dlsym of `name` into `slot`; 0 when found, else -1 with why (dlerror's, naming `file`) in `error`. */
static int find(void *library, const char *file, const char *name, void **slot, char *error, size_t capacity) {
    dlerror();
    *slot = dlsym(library, name);
    if (*slot != NULL) return 0;
    const char *why = dlerror();
    if (why != NULL) snprintf(error, capacity, "%s", why);
    else snprintf(error, capacity, "%s: no symbol %s", file, name);
    return -1;
}

#define FIND(field, name) find(library, file, name, (void **)&found.field, error, capacity) != 0

int mirrorbot_vips_open(const char *file, char *error, size_t capacity) {
    pthread_mutex_lock(&opening);
    void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        if (why != NULL) snprintf(error, capacity, "%s", why);
        else snprintf(error, capacity, "%s: dlopen failed", file);
        pthread_mutex_unlock(&opening);
        return -1;
    }
    struct vips_calls found;
    if (FIND(init, "vips_init") || FIND(cache_set_max, "vips_cache_set_max")
        || FIND(image_new_from_buffer, "vips_image_new_from_buffer") || FIND(autorot, "vips_autorot")
        || FIND(resize, "vips_resize") || FIND(image_hasalpha, "vips_image_hasalpha")
        || FIND(array_double_new, "vips_array_double_new") || FIND(area_unref, "vips_area_unref")
        || FIND(flatten, "vips_flatten") || FIND(jpegsave_buffer, "vips_jpegsave_buffer")
        || FIND(image_get_width, "vips_image_get_width") || FIND(image_get_height, "vips_image_get_height")
        || FIND(error_buffer_copy, "vips_error_buffer_copy") || FIND(object_unref, "g_object_unref")
        || FIND(free, "g_free")) {
        dlclose(library);
        pthread_mutex_unlock(&opening);
        return -1;
    }
    if (vips() != NULL) {
        /* Started before: this dlopen only counted one more use of the loaded library. */
        dlclose(library);
        pthread_mutex_unlock(&opening);
        return 0;
    }
    /* VIPS_INIT without its header check: the soname already names the ABI. Operations are not
       cached: each picture is decoded once and dropped. */
    if (found.init("mirror-bot") != 0) {
        char *why = found.error_buffer_copy();
        snprintf(error, capacity, "%s: vips_init failed: %s", file, why != NULL ? why : "no reason given");
        found.free(why);
        pthread_mutex_unlock(&opening);
        return -1;
    }
    found.cache_set_max(0);
    calls = found;
    atomic_store_explicit(&started, &calls, memory_order_release);
    pthread_mutex_unlock(&opening);
    return 0;
}

int mirrorbot_vips_jpeg(
    const void *input, size_t length, double scale, int quality, void **output, size_t *output_length, int *width, int *height
) {
    const struct vips_calls *v = vips();
    if (v == NULL) return -1;
    void *loaded = v->image_new_from_buffer(input, length, "", NULL);
    if (loaded == NULL) return -1;
    void *image = NULL;
    if (v->autorot(loaded, &image, NULL) != 0) { v->object_unref(loaded); return -1; }
    v->object_unref(loaded);
    if (scale < 1.0) {
        void *resized = NULL;
        if (v->resize(image, &resized, scale, NULL) != 0) { v->object_unref(image); return -1; }
        v->object_unref(image);
        image = resized;
    }
    if (v->image_hasalpha(image)) {
        const double white_value = 255.0;
        void *white = v->array_double_new(&white_value, 1);
        void *flat = NULL;
        int failed = v->flatten(image, &flat, "background", white, NULL);
        v->area_unref(white);
        if (failed != 0) { v->object_unref(image); return -1; }
        v->object_unref(image);
        image = flat;
    }
    /* "strip" is a gboolean: an int, 1 for TRUE. */
    int failed = v->jpegsave_buffer(image, output, output_length, "Q", quality, "strip", 1, NULL);
    *width = v->image_get_width(image);
    *height = v->image_get_height(image);
    v->object_unref(image);
    return failed == 0 ? 0 : -1;
}

char *mirrorbot_vips_error(void) {
    const struct vips_calls *v = vips();
    return v != NULL ? v->error_buffer_copy() : NULL;
}

void mirrorbot_vips_free(void *memory) {
    const struct vips_calls *v = vips();
    if (v != NULL && memory != NULL) v->free(memory);
}
