package dev.jvmbench.sample.shop.catalog;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The category tree built from the flat table: lookups by slug, the path from the root (for
 * breadcrumbs) and every descendant of a node (a listing of "Outdoor" shows its sub-categories' products).
 */
public final class CategoryTree {

    private final Map<Long, Category> byId = new LinkedHashMap<>();
    private final Map<String, Category> bySlug = new HashMap<>();
    private final Map<Long, List<Category>> children = new HashMap<>();
    private final List<Category> roots = new ArrayList<>();

    public CategoryTree(List<Category> categories) {
        for (Category category : categories) {
            byId.put(category.getId(), category);
            bySlug.put(category.getSlug(), category);
        }
        for (Category category : categories) {
            Long parentId = category.getParentId();
            if (parentId == null || !byId.containsKey(parentId)) {
                roots.add(category);
            } else {
                children.computeIfAbsent(parentId, id -> new ArrayList<>()).add(category);
            }
        }
    }

    public Optional<Category> bySlug(String slug) {
        return Optional.ofNullable(bySlug.get(slug));
    }

    public Optional<Category> byId(long id) {
        return Optional.ofNullable(byId.get(id));
    }

    public List<Category> roots() {
        return Collections.unmodifiableList(roots);
    }

    public List<Category> childrenOf(Category category) {
        return children.getOrDefault(category.getId(), List.of());
    }

    /** From the root down to {@code category}, both included. */
    public List<Category> pathTo(Category category) {
        Deque<Category> path = new ArrayDeque<>();
        Category current = category;
        int guard = 0;
        while (current != null && guard++ < 32) {
            path.addFirst(current);
            Long parentId = current.getParentId();
            current = parentId == null ? null : byId.get(parentId);
        }
        return List.copyOf(path);
    }

    /** The node's id and those of all nodes below it, breadth first. */
    public List<Long> selfAndDescendantIds(Category category) {
        List<Long> ids = new ArrayList<>();
        Deque<Category> queue = new ArrayDeque<>();
        queue.add(category);
        while (!queue.isEmpty()) {
            Category next = queue.poll();
            ids.add(next.getId());
            queue.addAll(childrenOf(next));
        }
        return ids;
    }

    /** The category whose tax class applies: its own. */
    public TaxClass taxClassOf(long categoryId) {
        Category category = byId.get(categoryId);
        return category == null ? TaxClass.STANDARD : category.getTaxClass();
    }
}
