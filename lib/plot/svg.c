/* svg.c -- the SVG writer (svg.h).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "svg.h"

#include <ctype.h>
#include <math.h>
#include <string.h>

/* Colours that stay apart for most eyes (Tableau 10). */
static const char *const colors[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                                     "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};

static const char *color(int i)
{
    int n = (int)(sizeof colors / sizeof colors[0]);
    return colors[((i % n) + n) % n];
}

void gt_svg_text(FILE *f, const char *s)
{
    for (; *s; s++)
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default:
            /* XML 1.0 has no place for the other control characters. */
            fputc((unsigned char)*s < 0x20 && *s != '\t' && *s != '\n' ? ' ' : *s, f);
        }
}

void gt_svg_id(char *buf, size_t len, const char *prefix, const char *name, int k)
{
    int n = snprintf(buf, len, "%s%s%s-%d", prefix, *name ? "-" : "", name, k);
    for (int i = 0; i < n && i < (int)len - 1; i++)
        if (!isalnum((unsigned char)buf[i]) && buf[i] != '-' && buf[i] != '_' && buf[i] != '.')
            buf[i] = '_';
}

void gt_svg_begin(FILE *f, int width, int height, const char *title)
{
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n<title>",
            width, height, width, height);
    gt_svg_text(f, title);
    fprintf(f, "</title>\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
            "<text class=\"title\" x=\"%d\" y=\"24\" text-anchor=\"middle\" font-size=\"16\">",
            width / 2);
    gt_svg_text(f, title);
    fputs("</text>\n", f);
}

void gt_svg_end(FILE *f) { fputs("</svg>\n", f); }

static double px(const struct gt_panel *p, double x)
{
    return p->left + (x - p->xt.lo) / (p->xt.hi - p->xt.lo) * p->width;
}

static double py(const struct gt_panel *p, double y)
{
    return p->top + p->height - (y - p->yt.lo) / (p->yt.hi - p->yt.lo) * p->height;
}

void gt_svg_panel(FILE *f, struct gt_panel *p, double xlo, double xhi, double ylo, double yhi,
                  const char *title, const char *xlabel, const char *ylabel)
{
    gt_ticks_choose(xlo, xhi, 8, p->x_counts ? 1 : 0, &p->xt);
    gt_ticks_choose(ylo, yhi, 5, 0, &p->yt);
    double r = p->left + p->width, b = p->top + p->height;
    fprintf(f, "<g class=\"panel\" id=\"panel-%s\">\n<clipPath id=\"clip-%s\"><rect x=\"%.1f\" "
            "y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/></clipPath>\n", p->id, p->id, p->left,
            p->top, p->width, p->height);
    fprintf(f, "<text class=\"panel-title\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
            "font-size=\"13\">", p->left + p->width / 2, p->top - 8);
    gt_svg_text(f, title);
    fputs("</text>\n<g class=\"grid\" stroke=\"#e4e4e4\">\n", f);
    for (int i = 0; i < p->xt.n; i++)
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
                px(p, gt_tick_value(&p->xt, i)), p->top, px(p, gt_tick_value(&p->xt, i)), b);
    for (int i = 0; i < p->yt.n; i++)
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", p->left,
                py(p, gt_tick_value(&p->yt, i)), r, py(p, gt_tick_value(&p->yt, i)));
    fprintf(f, "</g>\n<rect class=\"frame\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
            "fill=\"none\" stroke=\"#444\"/>\n", p->left, p->top, p->width, p->height);
    char label[48];
    fputs("<g class=\"xticks\" text-anchor=\"middle\">\n", f);
    for (int i = 0; i < p->xt.n; i++) {
        double v = gt_tick_value(&p->xt, i), x = px(p, v);
        gt_tick_label(v, p->xt.step, label, sizeof label);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#444\"/>"
                "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n", x, b, x, b + 5, x, b + 18, label);
    }
    fputs("</g>\n<g class=\"yticks\" text-anchor=\"end\">\n", f);
    for (int i = 0; i < p->yt.n; i++) {
        double v = gt_tick_value(&p->yt, i), y = py(p, v);
        gt_tick_label(v, p->yt.step, label, sizeof label);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#444\"/>"
                "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n", p->left - 5, y, p->left, y,
                p->left - 8, y + 4, label);
    }
    fprintf(f, "</g>\n<text class=\"xlabel\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">",
            p->left + p->width / 2, b + 36);
    gt_svg_text(f, xlabel);
    fprintf(f, "</text>\n<text class=\"ylabel\" transform=\"translate(%.1f %.1f) rotate(-90)\" "
            "text-anchor=\"middle\">", p->left - 66, p->top + p->height / 2);
    gt_svg_text(f, ylabel);
    fputs("</text>\n", f);
}

void gt_svg_panel_end(FILE *f) { fputs("</g>\n", f); }

/* An element's opening: tag, id, class, the legend's name, clip path. */
static void open_element(FILE *f, const struct gt_panel *p, const char *tag, const char *id,
                         const char *cls, const char *name)
{
    fprintf(f, "<%s id=\"%s\" class=\"%s\" data-name=\"", tag, id, cls);
    gt_svg_text(f, name);
    fprintf(f, "\" clip-path=\"url(#clip-%s)\"", p->id);
}

int gt_svg_line(FILE *f, const struct gt_panel *p, const char *id, const char *name, int color_i,
                bool dashed, const double *x, const double *y, int n)
{
    int drawn = 0;
    open_element(f, p, "polyline", id, "series", name);
    fprintf(f, " fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\"%s points=\"",
            color(color_i), dashed ? " stroke-dasharray=\"6 4\"" : "");
    for (int i = 0; i < n; i++)
        if (isfinite(x[i]) && isfinite(y[i]))
            fprintf(f, "%s%.1f,%.1f", drawn++ ? " " : "", px(p, x[i]), py(p, y[i]));
    fprintf(f, "\" data-points=\"%d\"/>\n", drawn);
    return drawn;
}

int gt_svg_band(FILE *f, const struct gt_panel *p, const char *id, const char *name, int color_i,
                const double *x, const double *lo, const double *hi, int n)
{
    int drawn = 0;
    open_element(f, p, "polygon", id, "band", name);
    fprintf(f, " fill=\"%s\" fill-opacity=\"0.18\" stroke=\"none\" points=\"", color(color_i));
    /* Along the upper edge, then back along the lower one. */
    for (int i = 0; i < n; i++)
        if (isfinite(x[i]) && isfinite(lo[i]) && isfinite(hi[i]))
            fprintf(f, "%s%.1f,%.1f", drawn++ ? " " : "", px(p, x[i]), py(p, hi[i]));
    for (int i = n - 1; i >= 0; i--)
        if (isfinite(x[i]) && isfinite(lo[i]) && isfinite(hi[i]))
            fprintf(f, " %.1f,%.1f", px(p, x[i]), py(p, lo[i]));
    fprintf(f, "\" data-points=\"%d\"/>\n", drawn);
    return drawn;
}

void gt_svg_hline(FILE *f, const struct gt_panel *p, const char *id, double y, const char *label)
{
    double yy = py(p, y);
    fprintf(f, "<line id=\"%s\" class=\"bound\" data-value=\"%g\" x1=\"%.1f\" y1=\"%.1f\" "
            "x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\" stroke-dasharray=\"2 3\"/>\n"
            "<text x=\"%.1f\" y=\"%.1f\" fill=\"#666\" font-size=\"11\">", id, y, p->left, yy,
            p->left + p->width, yy, p->left + p->width + 4, yy + 4);
    gt_svg_text(f, label);
    fputs("</text>\n", f);
}

void gt_svg_legend_entry(FILE *f, double left, double top, int k, const char *name, int color_i,
                         bool dashed, bool band)
{
    double y = top + 18 * k;
    fputs("<g class=\"legend-entry\">", f);
    if (band)
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"24\" height=\"10\" fill=\"%s\" "
                "fill-opacity=\"0.18\"/>", left, y - 5, color(color_i));
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
            "stroke-width=\"1.6\"%s/><text x=\"%.1f\" y=\"%.1f\">", left, y, left + 24, y,
            color(color_i), dashed ? " stroke-dasharray=\"6 4\"" : "", left + 30, y + 4);
    gt_svg_text(f, name);
    fputs("</text></g>\n", f);
}
