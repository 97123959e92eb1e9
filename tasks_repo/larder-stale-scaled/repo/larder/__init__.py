"""larder: recipes scaled to the servings you cook, a week's meal plan and its shopping list."""
