"""Reports: findings rendered as text, JSON, GitHub annotations and SARIF."""
